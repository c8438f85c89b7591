import { create } from 'zustand';
import type { Job } from '@shared/contract';

interface JobsState {
  jobs: Record<string, Job>;
  update(job: Job): void;
  /** Jobs read from the backend at once (after the event stream (re)connects); an ended job stays ended. */
  merge(jobs: Job[]): void;
}

/** Live jobs as the backend reports them, for progress bars anywhere in the app. */
export const useJobs = create<JobsState>((set) => ({
  jobs: {},
  update: (job) => set((s) => ({ jobs: { ...s.jobs, [job.id]: job } })),
  // A list read before a job's end event arrived must not make it run again on screen.
  merge: (jobs) => set((s) => ({
    jobs: { ...s.jobs, ...Object.fromEntries(jobs.filter((j) => !s.jobs[j.id] || s.jobs[j.id]!.status === 'running').map((j) => [j.id, j])) },
  })),
}));
