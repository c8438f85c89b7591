import type { ParsedInput, RunSummary, VrpSeries } from '@shared/contract';
import type { Db } from '../db/open';
import { compareRuns, seeingOrNot, type LoadedRun } from './compare';
import { leaderboardPage } from './leaderboard';
import { readKept } from './read-cache';
import { loadScored, pageAnswers } from './load';
import { drillTriplets } from './run-report';
import { summaryOutcomes, summaryReport, summaryVrp } from './summary';
import { questionSetOf, type OutcomeVector } from './summary-vector';
import { comparedRun } from './store/summaries';

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

  /** A run's name and its stored per-question outcome vector. */
  /** A run as a comparison reads it: its outcome bits, and its whole vector only when asked (then read once). */
  private load(id: number): LoadedRun {
    const { bits, questionSet, ...run } = comparedRun(this.db(), id);
    let vector: OutcomeVector | undefined;
    const whole = () => (vector ??= summaryOutcomes(this.db(), id));
    if (bits === null || questionSet === null) {
      const v = whole();
      return { id, ...run, bits: v.bits, questionSet: questionSetOf(v.ids), vector: whole };
    }
    return { id, ...run, bits, questionSet, vector: whole };
  }

  run(id: number) {
    const run = this.runs.get(id);
    return { run, ...summaryReport(this.db(), id) };
  }

  drill({ runId, given, target, targetRight, source, offset, limit }: ParsedInput<'reports.drill'>) {
    const rows = drillTriplets(loadScored(this.db(), runId), given, target, targetRight, source);
    return { total: rows.length, rows: rows.slice(offset, offset + limit) };
  }

  /** Kept until the file changes (reports/read-cache.ts): nothing in a comparison depends on the clock. */
  compare({ runIds, offset, limit }: ParsedInput<'reports.compare'>) {
    return readKept(this.db(), `compare:${runIds.join(',')}:${offset}:${limit}`, () => {
      const runs = runIds.map((id) => this.load(id));
      return compareRuns(runs, (ids) => pageAnswers(this.db(), runIds, ids), offset, limit);
    });
  }

  seeing({ withImages, withoutImages, textOnly }: ParsedInput<'reports.seeing'>) {
    return readKept(this.db(), `seeing:${withImages}:${withoutImages}:${textOnly}`, () =>
      seeingOrNot(this.load(withImages), this.load(withoutImages), textOnly === null ? null : this.load(textOnly)));
  }

  /** A page of every run with its accuracy, best first within each dataset. */
  leaderboard(page: ParsedInput<'reports.leaderboard'>) {
    return leaderboardPage(this.db(), (id) => this.runs.liveInfo(id), this.runs.now().getTime(), page);
  }

  /** VRP accuracy per level and relation value for each run of a dataset whose questions carry relation values. */
  vrp(datasetId: number): VrpSeries {
    const series: VrpSeries = [];
    for (const run of this.runs.list().filter((r) => r.datasetId === datasetId).reverse()) {
      const by = summaryVrp(this.db(), run.id);
      if (by !== null) series.push({ runId: run.id, name: run.name, model: run.model, by });
    }
    return series;
  }
}
