import type { StoredCounts } from '../db/connection';

/** A run's request counters as the run list shows them: answered, failed, cached, tokens and cost. */
export type RunCounts = Omit<StoredCounts, 'units'>;

export { runCounts } from './store/predictions';
