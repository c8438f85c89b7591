/** A run's request counters as the run list shows them: answered, failed, cached, tokens and cost. */
export interface RunCounts {
  answered: number; errors: number; correct: number; failed: number; cached: number;
  tokensIn: number; tokensOut: number; cost: number | null;
}

export { runCounts } from './store/predictions';
