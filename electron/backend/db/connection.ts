import Database, { type Options, type Statement } from 'better-sqlite3';

/** Writes waiting for the snapshot open on a connection to end, and the file's version that snapshot saw (snapshot.ts). */
export interface OpenSnapshot { writes: (() => void)[]; version: number | null }

/** An image as the `images` table holds it, or its thumbnail. */
export interface StoredImage { mime: string; bytes: Buffer }

/** A run's counters as its stored summary keeps them (`run_summaries.counts`, migration 0011). */
export interface StoredCounts {
  /** Requests the run plans (run units). */
  units: number;
  answered: number; errors: number; correct: number; failed: number; cached: number;
  tokensIn: number; tokensOut: number; cost: number | null;
}

/**
 * How the writers in runs/ keep each settled run's stored summary equal to its predictions (runs/summary-hook.ts).
 * The summaries are computed by reports/, which stands above runs/, so the backend's session hands them to the
 * connection it opens (ProjectSession.open); a connection opened without them (a script's, an import's) refreshes
 * nothing eagerly: the triggers of migration 0011 still mark each changed summary stale, and readers recompute it.
 */
export interface RunSummaries {
  /** Recomputes and stores run `runId`'s summary; the caller's transaction holds both. */
  refresh(db: Connection, runId: number): void;
  /** Recomputes a committed run's summary in slices and stores it in a short transaction of its own (false: not stored). */
  refreshInSlices(db: Connection, runId: number): Promise<boolean>;
  /** Counters of the runs whose summary is fresh (one run's, or every run's). */
  storedCounts(db: Connection, runId?: number): ReadonlyMap<number, StoredCounts>;
}

/**
 * One SQLite connection to a project file and everything that lives exactly as long as it: each cache and hook the
 * lower floors keep per connection is a field here, seen by whoever holds the connection and dropped with it on close
 * (the reports' kept reads, whose types live above, are the Reports service's: reports/report-cache.ts). There is no
 * module-level state keyed by a connection. The backend's project is one of these, owned by its
 * ProjectSession (session.ts); an import's connection and a script's are their own, with their own (empty) fields.
 */
export class Connection extends Database {
  /**
   * Prepared statements by SQL text (statements.ts): better-sqlite3 does not cache them, and preparing the predictions
   * upsert costs as much as running it. A statement belongs to its connection, so it cannot outlive it.
   */
  readonly statements = new Map<string, Statement>();
  /** The read snapshot open on this connection (snapshot.ts `readSnapshot`), null outside one. */
  snapshot: OpenSnapshot | null = null;
  /** Runs whose summaries the open `summaryBatch` recomputes at its end (runs/summary-hook.ts), null outside one. */
  summaryBatch: Set<number> | null = null;
  /** Thumbnails being made (items/images.ts): everyone asking for one while it is made waits for that one decode. */
  readonly thumbnailsInFlight = new Map<string, Promise<StoredImage>>();
  /** Keeps settled runs' summaries in step with their writes; null on a connection opened without (see RunSummaries). */
  summaries: RunSummaries | null = null;

  constructor(file: string | Buffer, options?: Options) {
    super(file, options);
  }

  /** Drops what was kept for the connection; its statements are finalised by the close itself. */
  override close(): this {
    this.statements.clear();
    this.thumbnailsInFlight.clear();
    this.snapshot = null;
    this.summaryBatch = null;
    this.summaries = null;
    return super.close();
  }
}
