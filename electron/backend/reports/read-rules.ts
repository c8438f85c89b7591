import type { Comparison, DrillRow, LeaderboardRow, VrpSeries } from '@shared/contract';
import type { CallContext } from '../dispatch';
import type { ReadRules } from '../items/handlers';
import { humanRunOpen, refuseOpenHumanRun } from '../runs/read-rules';
import type { RunSource } from './service';

/**
 * What one caller may read of reports (DECISIONS 101): whole-run figures as they stand, but not an open human
 * baseline's, and no row of a triplet draft they may not read. Applied to what the shared caches hold, never inside
 * them, so a lead's figures and the kept comparisons stay whole.
 */
export interface ReportReader {
  /** A lead or the machine's owner: reads everything. */
  everything: boolean;
  /** Of these items, those whose drafts the caller may read; null when every one. */
  draftItems: ((itemIds: readonly number[]) => ReadonlySet<number>) | null;
}

export const OWNER: ReportReader = { everything: true, draftItems: null };

export function readerOf(rules: Pick<ReadRules, 'everything' | 'draftItems'>, ctx: CallContext): ReportReader {
  return { everything: rules.everything(ctx), draftItems: rules.draftItems(ctx) };
}

/** Refuses a report of runs one of which is a human baseline still being taken, to a caller who is not a lead. */
export function refuseOpenHumanRuns(runs: RunSource, ids: readonly number[], reader: ReportReader): void {
  if (!reader.everything) for (const id of ids) refuseOpenHumanRun(runs.get(id));
}

const DRAFT_ROLES: readonly string[] = ['perception', 'knowledge'];

/** A drill-down's triplets without those whose drafts the caller may not read (their cell says whether they were right). */
export function readableDrillRows<R extends Pick<DrillRow, 'itemId' | 'perception' | 'knowledge'>>(rows: readonly R[], reader: ReportReader): readonly R[] {
  if (!reader.draftItems) return rows;
  const readable = reader.draftItems(rows.filter((r) => r.perception || r.knowledge).map((r) => r.itemId));
  return rows.filter((r) => (!r.perception && !r.knowledge) || readable.has(r.itemId));
}

/** A comparison page without the disagreement rows of drafts the caller may not read; figures and totals stay whole-run. */
export function readableComparison(c: Comparison, reader: ReportReader): Comparison {
  if (!reader.draftItems) return c;
  const rows = c.disagreements.rows;
  const readable = reader.draftItems(rows.filter((r) => DRAFT_ROLES.includes(r.role)).map((r) => r.itemId));
  return { ...c, disagreements: { ...c.disagreements, rows: rows.filter((r) => !DRAFT_ROLES.includes(r.role) || readable.has(r.itemId)) } };
}

/** A leaderboard page without open human baselines for a caller who is not a lead (their accuracy moves with each answer). */
export function readableBoard<P extends { total: number; rows: LeaderboardRow[] }>(page: P, reader: ReportReader): P {
  if (reader.everything) return page;
  const rows = page.rows.filter((r) => !humanRunOpen(r));
  return { ...page, total: page.total - (page.rows.length - rows.length), rows };
}

/** VRP series without open human baselines, for a caller who is not a lead. */
export function readableVrp(series: VrpSeries, runs: RunSource, reader: ReportReader): VrpSeries {
  return reader.everything ? series : series.filter((s) => !humanRunOpen(runs.get(s.runId)));
}
