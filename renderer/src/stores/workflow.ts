import { create } from 'zustand';

interface WorkflowState {
  /** The open item on the Annotate and on the Review screen (each keeps its own). */
  annotateItem: number | null;
  reviewItem: number | null;
  /** Show only what waits for you, or everything assigned to you. */
  todoOnly: boolean;
  historyOpen: boolean;
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
  openAnnotate: (annotateItem) => set({ annotateItem }),
  openReview: (reviewItem) => set({ reviewItem }),
  setTodoOnly: (todoOnly) => set({ todoOnly }),
  toggleHistory: () => set((s) => ({ historyOpen: !s.historyOpen })),
}));
