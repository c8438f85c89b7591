import type { Db } from '../db/open';
import type { LoadedRun } from './compare';
import { int32s, maskReader, positionsReader, readChunk, type ComparisonParts, type PositionChunk, type ReadChunk } from './comparison-parts';
import { computedComparison, summaryOutcomes } from './summary';
import { comparedChunk, comparedFirstMasks, comparedMasks, comparedRuns, summaryChunks, type ComparedRunRow } from './store/summaries';

type RunHeader = Pick<LoadedRun, 'name' | 'model' | 'circular'>;

const idsOf = (chunks: readonly PositionChunk[]) => int32s(Buffer.concat(chunks.map((c) => c.ids)), Int32Array);
const read = (c: PositionChunk) => readChunk(c.ids, c.shown, c.shownLabels);

/** A run whose summary was not fresh: every part from the summary just computed (and stored when the file allows). */
function fromParts(db: Db, id: number, run: RunHeader, parts: ComparisonParts): LoadedRun {
  let clusters: Int32Array | undefined;
  return {
    id, ...run, ...maskReader(parts.masks, () => parts.firstMasks), questionSet: parts.questionSet, clustersRepeat: parts.clustersRepeat,
    ids: () => idsOf(parts.chunks), clusters: () => (clusters ??= summaryOutcomes(db, id).clusters),
    ...positionsReader((n) => read(parts.chunks[n]!)),
  };
}

/**
 * A run's stored parts read so far, at the revision they were read at (migration 0014: it moves whenever the run's
 * summary is written). A comparison after a write reads each run's name and revision, and masks and chunks only for
 * runs whose revision moved: a write to one run reads one run's parts again. Shared; nobody changes them.
 */
interface KeptParts { revision: number; masks: Buffer; first?: Buffer | null; chunks: Map<number, ReadChunk> }
const keptParts = new WeakMap<Db, Map<number, KeptParts>>();
const KEPT_RUNS = 200;

function partsOf(db: Db, rows: ReadonlyMap<number, ComparedRunRow>): Map<number, KeptParts> {
  let byRun = keptParts.get(db);
  if (!byRun || byRun.size > KEPT_RUNS) keptParts.set(db, (byRun = new Map()));
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
export function loadCompared(db: Db, runIds: readonly number[]): LoadedRun[] {
  const rows = comparedRuns(db, runIds);
  const parts = partsOf(db, rows);
  return runIds.map((id) => loadedRun(db, id, rows.get(id)!, parts.get(id)));
}

function loadedRun(db: Db, id: number, row: ComparedRunRow, kept: KeptParts | undefined): LoadedRun {
  const { revision, firstSame, questionSet, clustersRepeat, ...run } = row;
  if (revision === null || questionSet === null || clustersRepeat === null || kept?.revision !== revision) {
    return fromParts(db, id, run, computedComparison(db, id));
  }
  const first = () => (firstSame ? null : (kept.first ??= comparedFirstMasks(db, id) ?? computedComparison(db, id).firstMasks));
  let clusters: Int32Array | undefined;
  const recomputed = () => computedComparison(db, id).chunks;
  return {
    id, ...run, ...maskReader(kept.masks, first), questionSet, clustersRepeat,
    ids: () => {
      const chunks = summaryChunks(db, id);
      return idsOf(chunks.length > 0 ? chunks : recomputed());
    },
    clusters: () => (clusters ??= summaryOutcomes(db, id).clusters),
    ...positionsReader((n) => read(comparedChunk(db, id, n) ?? recomputed()[n]!), kept.chunks),
  };
}
