import type { RunStatus, RunSummary } from '@shared/contract';

export const statusLabel: Record<RunStatus, string> = {
  pending: 'Pending', running: 'Running', paused: 'Paused', cancelled: 'Cancelled', done: 'Finished', failed: 'Failed',
  interrupted: 'Interrupted',
};

export function percent(n: number, d: number): string {
  return d > 0 ? `${((100 * n) / d).toFixed(1)}%` : '—';
}

/** A run's accuracy so far; an open human baseline's is withheld from all but leads (DECISIONS 101). */
export function shownAccuracy(r: Pick<RunSummary, 'correct' | 'answered' | 'scoresWithheld'>): string {
  return r.scoresWithheld ? 'shown when finished' : percent(r.correct, r.answered);
}

export function duration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const m = Math.floor(seconds / 60);
  if (m < 60) return `${m} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

export function money(usd: number | null): string {
  if (usd === null) return '—';
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

export function compact(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e4 ? `${(n / 1e3).toFixed(1)}k` : n.toLocaleString();
}

/** Runs that can be continued: the file says they stopped before the end. */
export function resumable(run: RunSummary): boolean {
  return run.kind !== 'human' && !run.executor && ['paused', 'cancelled', 'interrupted', 'failed', 'pending'].includes(run.status) && run.answered + run.errors < run.units;
}
