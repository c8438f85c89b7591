import type { RunStatus } from '../contract/eval-entities';

/** How a run ended, as its badge and `--json` say it; null while it has not ended (pending, running, paused…). */
export type RunEnding = 'done' | 'done_with_errors' | 'failed';

/**
 * A run that finished with some requests failed is "done with errors", and one with no answer at all — every
 * request failed — "failed", whatever its stored status says (batch runs, runs finished before this rule), so a run
 * that scored nothing is never shown as a plain success.
 */
export function runEnding(run: { status: RunStatus; answered: number; errors: number }): RunEnding | null {
  if (run.status === 'failed') return 'failed';
  if (run.status !== 'done') return null;
  if (run.errors === 0) return 'done';
  return run.answered === 0 ? 'failed' : 'done_with_errors';
}

/** The badge's words: the count of failed requests, or the reason, goes with it. */
export function runEndingLabel(ending: RunEnding, errors: number): string {
  if (ending === 'done') return 'Finished';
  if (ending === 'done_with_errors') return `Finished with ${errors} error${errors === 1 ? '' : 's'}`;
  return 'Failed';
}
