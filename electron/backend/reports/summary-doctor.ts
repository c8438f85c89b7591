import type { Db } from '../db/open';
import type { ComparisonParts, PositionChunk } from './comparison-parts';
import { computeSummary, refreshSummary } from './summary';
import { freshSummaryRows, untrustedRuns, type StoredSummary, type SummaryRowData } from './store/summaries';

export interface SummaryCheck {
  /** Runs with a fresh stored summary, each recomputed from its predictions and compared. */
  checked: number;
  /** Runs whose summary is stale, of an older format or missing: not trusted, so recomputed when next read. */
  unsummarised: number;
  /** Runs whose stored summary differs from the recomputation, with the parts that differ. */
  mismatched: { runId: number; parts: string[] }[];
  /** Summaries rewritten from predictions (with `fix`). */
  fixed: number;
}

const PARTS = ['accuracy', 'counts', 'report', 'board', 'vrp'] as const;

const sameChunk = (a: PositionChunk, b: PositionChunk | undefined) =>
  b !== undefined && a.chunk === b.chunk && a.ids.equals(b.ids) && a.shown.equals(b.shown) && a.shownLabels === b.shownLabels;
const sameMasks = (a: Buffer | null, b: Buffer | null) => (a === null ? b === null : b !== null && a.equals(b));
const sameComparison = (a: ComparisonParts, b: ComparisonParts) => a.masks.equals(b.masks) && sameMasks(a.firstMasks, b.firstMasks)
  && a.questionSet === b.questionSet && a.clustersRepeat === b.clustersRepeat
  && a.chunks.length === b.chunks.length && a.chunks.every((c, i) => sameChunk(c, b.chunks[i]));

function differingParts(stored: StoredSummary, fresh: SummaryRowData): string[] {
  const parts: string[] = PARTS.filter((p) => stored[p] !== fresh[p]);
  if (!stored.outcomes.equals(fresh.outcomes)) parts.push('outcomes');
  if (stored.comparison === null || !sameComparison(stored.comparison, fresh.comparison)) parts.push('comparison');
  return parts;
}

/**
 * Recomputes every fresh stored summary from the run's predictions with the reports' own scoring and compares them
 * part by part (`anchor doctor summaries`): a difference means a write changed predictions without its run's summary.
 * With `fix`, differing and untrusted summaries are recomputed and stored, in one transaction.
 */
export function checkSummaries(db: Db, fix: boolean): SummaryCheck {
  const rows = freshSummaryRows(db);
  const mismatched = rows.flatMap((row) => {
    const parts = differingParts(row, computeSummary(db, row.run_id));
    return parts.length ? [{ runId: row.run_id, parts }] : [];
  });
  const untrusted = untrustedRuns(db);
  let fixed = 0;
  if (fix) {
    db.transaction(() => {
      for (const id of [...mismatched.map((m) => m.runId), ...untrusted]) refreshSummary(db, id);
    })();
    fixed = mismatched.length + untrusted.length;
  }
  return { checked: rows.length, unsummarised: untrusted.length, mismatched, fixed };
}
