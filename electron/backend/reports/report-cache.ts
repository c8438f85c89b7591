import type { Db } from '../db/open';
import type { ComparisonCore } from './compare';
import type { KeptParts } from './compared-run';
import type { FiledRow } from './leaderboard';
import type { Kept } from './read-cache';

/**
 * What the Reports service keeps for the open project's connection (service.ts), made for it and dropped with it
 * (`Reports.drop` when the project closes, or a new one when another connection is met). Each entry stays true only
 * while the file is as it was read (change stamps, summary and board revisions), so none is ever shown stale. Kept
 * because `npm run bench leaderboard-1m` measured each (DECISIONS 211): without them a 50-run page after a write took
 * 252 ms instead of 19 ms, and a comparison of 8 runs 45 ms instead of 1 ms, on the same loaded machine.
 */
export class ReportCache {
  /** Leaderboard pages, comparisons and seeing-or-not reads, given again until the file changes (read-cache.ts). */
  readonly reads = new Map<string, Kept>();
  /** Compared runs' masks and chunks by run, at the summary revision they were read at (compared-run.ts). */
  readonly parts = new Map<number, KeptParts>();
  /** Comparison figures by their runs' ids and summary revisions (compared-run.ts). */
  readonly cores = new Map<string, ComparisonCore>();
  /** Leaderboard rows by run, at the board revision they were read at (leaderboard.ts). */
  readonly rows = new Map<number, FiledRow>();

  constructor(readonly db: Db) {}

  clear(): void {
    this.reads.clear();
    this.parts.clear();
    this.cores.clear();
    this.rows.clear();
  }
}
