import { create } from 'zustand';
import type { Job } from '@shared/contract';

interface JobsState {
  jobs: Record<string, Job>;
  update(job: Job): void;
}

/** Live jobs as the backend reports them, for progress bars anywhere in the app. */
export const useJobs = create<JobsState>((set) => ({
  jobs: {},
  update: (job) => set((s) => ({ jobs: { ...s.jobs, [job.id]: job } })),
}));
