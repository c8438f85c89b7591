import type { Db } from '../db/open';
import { inSnapshot } from '../db/snapshot';
import type { ReportCache } from './report-cache';
import { comparisonCore, type ComparisonCore, type LoadedRun } from './compare';
import { int32s, maskReader, positionsReader, readChunk, type ComparisonParts, type PositionChunk, type ReadChunk } from './comparison-parts';
import { computedComparison, computedForReader, summaryOutcomes } from './summary';
import { decodeOutcomes } from './summary-vector';
import { comparedChunk, comparedFirstMasks, comparedMasks, comparedRuns, summaryChunks, type ComparedRunRow } from './store/summaries';

type RunHeader = Pick<LoadedRun, 'name' | 'model' | 'circular'>;

const idsOf = (chunks: readonly PositionChunk[]) => int32s(Buffer.concat(chunks.map((c) => c.ids)), Int32Array);
const read = (c: PositionChunk) => readChunk(c.ids, c.shown, c.shownLabels);

/** A run whose summary was not fresh: every part from the summary just computed (and stored when the file allows). */
function fromParts(id: number, run: RunHeader, parts: ComparisonParts, outcomes: Buffer): LoadedRun {
  let clusters: Int32Array | undefined;
  let ids: Int32Array | undefined;
  return {
    id, revision: null, ...run, ...maskReader(parts.masks, () => parts.firstMasks), questionSet: parts.questionSet, clustersRepeat: parts.clustersRepeat,
    ids: () => (ids ??= idsOf(parts.chunks)), clusters: () => (clusters ??= decodeOutcomes(outcomes).clusters),
    ...positionsReader((n) => read(parts.chunks[n]!)),
  };
}

/**
 * A run's stored parts read so far, at the revision they were read at (migration 0015: it moves whenever the run's
 * summary is written, and only then). A comparison after a write reads each run's name and revision, and masks and
 * chunks only for runs whose revision moved: a correction in one run reads one run's parts again, and renaming a run
 * none. Shared; nobody changes them.
 */
export interface KeptParts { revision: number; masks: Buffer; first?: Buffer | null; chunks: Map<number, ReadChunk> }
const KEPT_RUNS = 200;

function partsOf(db: Db, rows: ReadonlyMap<number, ComparedRunRow>, cache: ReportCache | null): Map<number, KeptParts> {
  // Kept only from a snapshot, which reads committed revisions (as the leaderboard's rows).
  const byRun = cache && inSnapshot(db) ? cache.parts : new Map<number, KeptParts>();
  if (byRun.size > KEPT_RUNS) byRun.clear();
  const moved = [...rows].flatMap(([id, row]) => (row.revision !== null && byRun.get(id)?.revision !== row.revision ? [id] : []));
  if (moved.length > 0) {
    for (const [id, masks] of comparedMasks(db, moved)) byRun.set(id, { revision: rows.get(id)!.revision!, masks, chunks: new Map() });
  }
  return byRun;
}

/**
 * Runs as a comparison reads them: names, CircularEval and revisions in one statement, the masks of runs not kept at
 * that revision in another, then the chunks of positions a page shows (all in one snapshot: db/snapshot.ts). A run
 * whose summary is not fresh is read from a recomputation.
 */
export function loadCompared(db: Db, runIds: readonly number[], cache: ReportCache | null = null): LoadedRun[] {
  const rows = comparedRuns(db, runIds);
  const parts = partsOf(db, rows, cache);
  return runIds.map((id) => loadedRun(db, id, rows.get(id)!, parts.get(id)));
}

function loadedRun(db: Db, id: number, row: ComparedRunRow, kept: KeptParts | undefined): LoadedRun {
  const { revision, firstSame, questionSet, clustersRepeat, ...run } = row;
  if (revision === null || questionSet === null || clustersRepeat === null || kept?.revision !== revision) {
    const computed = computedForReader(db, id);
    return fromParts(id, run, computed.comparison, computed.outcomes);
  }
  let computed: ComparisonParts | undefined;
  const recomputed = () => (computed ??= computedComparison(db, id));
  const first = () => {
    if (firstSame) return null;
    if (kept.first === undefined) kept.first = comparedFirstMasks(db, id) ?? recomputed().firstMasks;
    return kept.first;
  };
  let clusters: Int32Array | undefined;
  let ids: Int32Array | undefined;
  return {
    id, revision, ...run, ...maskReader(kept.masks, first), questionSet, clustersRepeat,
    ids: () => {
      if (ids) return ids;
      const chunks = summaryChunks(db, id);
      return (ids = idsOf(chunks.length > 0 ? chunks : recomputed().chunks));
    },
    clusters: () => (clusters ??= summaryOutcomes(db, id).clusters),
    ...positionsReader((n) => read(comparedChunk(db, id, n) ?? recomputed().chunks[n]!), kept.chunks),
  };
}

/**
 * A comparison's figures worked out once for its runs at their revisions (compare.ts comparisonCore): after a write
 * that leaves their summaries as they were (anything but a run's own answers changing), a comparison reads names and
 * its page again, and nothing of the 28 tests or the disagreement masks is worked out anew. Kept, like the parts, only
 * from a snapshot and only for runs read from stored parts: a revision read inside a caller's transaction may be rolled
 * back and its number given again. Shared; nobody changes them.
 */
const KEPT_CORES = 32;

export function comparedCore(cache: ReportCache, runs: readonly LoadedRun[]): ComparisonCore {
  if (!inSnapshot(cache.db) || runs.some((r) => r.revision === null)) return comparisonCore(runs);
  const byKey = cache.cores;
  const key = runs.map((r) => `${r.id}@${r.revision}`).join(',');
  const kept = byKey.get(key);
  if (kept) return kept;
  const core = comparisonCore(runs);
  byKey.set(key, core);
  if (byKey.size > KEPT_CORES) byKey.delete(byKey.keys().next().value!);
  return core;
}
