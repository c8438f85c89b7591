import { create } from 'zustand';

interface WorkflowState {
  /** The open item on the Annotate and on the Review screen (each keeps its own). */
  annotateItem: number | null;
  reviewItem: number | null;
  /** Show only what waits for you, or everything assigned to you. */
  todoOnly: boolean;
  historyOpen: boolean;
  /** The guidelines beside the forms: open until folded away. */
  guidelinesOpen: boolean;
  setGuidelinesOpen(open: boolean): void;
  openAnnotate(id: number | null): void;
  openReview(id: number | null): void;
  setTodoOnly(on: boolean): void;
  toggleHistory(): void;
}

export const useWorkflow = create<WorkflowState>((set) => ({
  annotateItem: null,
  reviewItem: null,
  todoOnly: true,
  historyOpen: false,
  guidelinesOpen: true,
  setGuidelinesOpen: (guidelinesOpen) => set({ guidelinesOpen }),
  openAnnotate: (annotateItem) => set({ annotateItem }),
  openReview: (reviewItem) => set({ reviewItem }),
  setTodoOnly: (todoOnly) => set({ todoOnly }),
  toggleHistory: () => set((s) => ({ historyOpen: !s.historyOpen })),
}));
