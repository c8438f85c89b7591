import type { ParsedInput, RunSummary, VrpSeries } from '@shared/contract';
import type { Db } from '../db/open';
import { comparisonPage, seeingOrNot, type LoadedRun } from './compare';
import { leaderboardPage } from './leaderboard';
import { readKept } from './read-cache';
import { ReportCache } from './report-cache';
import { seeingSources } from './seeing-sources';
import { templateSweep } from './template-sweep';
import { readSnapshot } from '../db/snapshot';
import { loadScored, pageQuestions } from './load';
import { comparedCore, loadCompared } from './compared-run';
import { drillTriplets } from './run-report';
import { summaryReport, summaryVrp } from './summary';
import {
  OWNER, readableBoard, readableComparison, readableDrillRows, readableVrp, refuseOpenHumanRuns, type ReportReader,
} from './read-rules';

/** What reports need from the run manager: summaries with live progress. */
export interface RunSource {
  get(id: number): RunSummary;
  list(): RunSummary[];
  /** Live progress of a run this process executes, else null. */
  liveInfo(id: number): RunSummary['live'];
  now(): Date;
}

/**
 * The Reports screen's reads. Figures come from each run's stored summary (reports/summary.ts), kept equal to its
 * predictions in the transaction that changes them; rows are read from predictions only for the page a drill-down or a
 * comparison shows.
 */
export class Reports {
  constructor(
    private readonly db: () => Db,
    private readonly runs: RunSource,
  ) {}

  /** What is kept for the open project's connection (report-cache.ts); a new one when the connection changes. */
  private cache: ReportCache | null = null;

  private kept(): ReportCache {
    const db = this.db();
    if (this.cache?.db !== db) this.cache = new ReportCache(db);
    return this.cache;
  }

  /** Drops what was kept, as the project closes (state.ts). */
  drop(): void {
    this.cache?.clear();
    this.cache = null;
  }

  /** Runs as a comparison reads them (reports/compared-run.ts). */
  private load(ids: readonly number[]): LoadedRun[] {
    return loadCompared(this.db(), ids, this.kept());
  }

  /** Read in one snapshot (db/snapshot.ts), as every report here: the run's header and its figures agree. */
  run(id: number, reader: ReportReader = OWNER) {
    refuseOpenHumanRuns(this.runs, [id], reader);
    return readSnapshot(this.db(), () => ({ run: this.runs.get(id), ...summaryReport(this.db(), id) }));
  }

  drill({ runId, given, target, targetRight, source, offset, limit }: ParsedInput<'reports.drill'>, reader: ReportReader = OWNER) {
    refuseOpenHumanRuns(this.runs, [runId], reader);
    const all = readSnapshot(this.db(), () => drillTriplets(loadScored(this.db(), runId), given, target, targetRight, source));
    const rows = readableDrillRows(all, reader);
    return { total: rows.length, rows: rows.slice(offset, offset + limit) };
  }

  /**
   * Kept until the file changes (reports/read-cache.ts): nothing in a comparison depends on the clock. The caller's
   * read rules apply to the kept page, never to what is kept.
   */
  compare({ runIds, offset, limit }: ParsedInput<'reports.compare'>, reader: ReportReader = OWNER) {
    refuseOpenHumanRuns(this.runs, runIds, reader);
    return readableComparison(readKept(this.kept(), `compare:${runIds.join(',')}:${offset}:${limit}`, () => {
      const runs = this.load(runIds);
      return comparisonPage(comparedCore(this.kept(), runs), runs, (ids) => pageQuestions(this.db(), ids), offset, limit);
    }), reader);
  }

  seeing({ withImages, withoutImages, textOnly }: ParsedInput<'reports.seeing'>, reader: ReportReader = OWNER) {
    refuseOpenHumanRuns(this.runs, [withImages, withoutImages, ...(textOnly === null ? [] : [textOnly])], reader);
    const figures = readKept(this.kept(), `seeing:${withImages}:${withoutImages}:${textOnly}`, () => {
      const [sv, swv, st] = this.load(textOnly === null ? [withImages, withoutImages] : [withImages, withoutImages, textOnly]);
      return seeingOrNot(sv!, swv!, st ?? null);
    });
    const [sv, swv, st] = [withImages, withoutImages, textOnly].map((id) => (id === null ? null : this.runs.get(id)));
    return { ...figures, ...seeingSources(sv!, swv!, st ?? null) };
  }

  /** VRPTest's best of up to four templates per model, from the runs' stored summaries. */
  templates(runIds: readonly number[], reader: ReportReader = OWNER) {
    refuseOpenHumanRuns(this.runs, runIds, reader);
    return readSnapshot(this.db(), () => templateSweep(this.db(), [...new Set(runIds)].map((id) => this.runs.get(id))));
  }

  /** A page of every run with its accuracy, best first within each dataset. */
  leaderboard(page: ParsedInput<'reports.leaderboard'>, reader: ReportReader = OWNER) {
    return readableBoard(leaderboardPage(this.kept(), (id) => this.runs.liveInfo(id), this.runs.now().getTime(), page), reader);
  }

  /** VRP accuracy per level and relation value for each run of a dataset whose questions carry relation values. */
  vrp(datasetId: number, reader: ReportReader = OWNER): VrpSeries {
    return readableVrp(this.vrpSeries(datasetId), this.runs, reader);
  }

  private vrpSeries(datasetId: number): VrpSeries {
    return readSnapshot(this.db(), () => {
      const series: VrpSeries = [];
      for (const run of this.runs.list().filter((r) => r.datasetId === datasetId).reverse()) {
        const by = summaryVrp(this.db(), run.id);
        if (by !== null) series.push({ runId: run.id, name: run.name, model: run.model, by });
      }
      return series;
    });
  }
}
