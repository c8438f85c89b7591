import { create } from 'zustand';

interface OptimizeState {
  /** The open optimisation and the candidate whose prompt, diff and introspection are shown. */
  optimizationId: number | null;
  candidateId: number | null;
  tab: 'optimisation' | 'report';
  dialogOpen: boolean;
  select(id: number | null): void;
  selectCandidate(id: number | null): void;
  setTab(tab: OptimizeState['tab']): void;
  setDialogOpen(open: boolean): void;
}

export const useOptimize = create<OptimizeState>((set) => ({
  optimizationId: null,
  candidateId: null,
  tab: 'optimisation',
  dialogOpen: false,
  select: (optimizationId) => set({ optimizationId, candidateId: null, tab: 'optimisation' }),
  selectCandidate: (candidateId) => set({ candidateId }),
  setTab: (tab) => set({ tab }),
  setDialogOpen: (dialogOpen) => set({ dialogOpen }),
}));
