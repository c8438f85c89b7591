import { create } from 'zustand';

export type ReportView = 'run' | 'compare' | 'leaderboard';

interface SeeingPick {
  withImages: number | null;
  withoutImages: number | null;
  textOnly: number | null;
}

interface ReportsState {
  view: ReportView;
  runId: number | null;
  /** Runs ticked for comparison, in the order they were ticked (the first is the reference). */
  compareIds: number[];
  seeing: SeeingPick;
  setView(view: ReportView): void;
  openRun(id: number): void;
  toggleCompare(id: number): void;
  setCompare(ids: number[]): void;
  setSeeing(pick: Partial<SeeingPick>): void;
}

/** What the Reports screen shows: which view, which run, which runs are compared. */
export const useReports = create<ReportsState>((set) => ({
  view: 'run',
  runId: null,
  compareIds: [],
  seeing: { withImages: null, withoutImages: null, textOnly: null },
  setView: (view) => set({ view }),
  openRun: (runId) => set({ runId, view: 'run' }),
  toggleCompare: (id) => set((s) => ({ compareIds: s.compareIds.includes(id) ? s.compareIds.filter((x) => x !== id) : [...s.compareIds, id] })),
  setCompare: (compareIds) => set({ compareIds }),
  setSeeing: (pick) => set((s) => ({ seeing: { ...s.seeing, ...pick } })),
}));
