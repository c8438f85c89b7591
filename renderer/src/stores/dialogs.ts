import { create } from 'zustand';

export type Dialog = 'import' | 'project' | 'shortcuts' | 'newRun' | 'importPredictions' | null;

/** Which modal is open; one at a time. */
export const useDialogs = create<{ open: Dialog; show(d: Dialog): void }>((set) => ({
  open: null,
  show: (open) => set({ open }),
}));
