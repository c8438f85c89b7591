import type { LeaderboardRow, ParsedInput, RunSummary, VrpSeries } from '@shared/contract';
import { accuracyBy, VRP_KEYS } from '@shared/scoring/accuracy';
import { scoreMmEvalPro } from '@shared/scoring/mmevalpro';
import type { Db } from '../db/open';
import { runConfig, runRow } from '../runs/store';
import { compareRuns, seeingOrNot, type LoadedRun } from './compare';
import { hasVrp, loadScored } from './load';
import { buildRunReport, drillTriplets, tripletAnswers } from './run-report';

/** What reports need from the run manager: summaries with live progress. */
export interface RunSource {
  get(id: number): RunSummary;
  list(): RunSummary[];
}

/** The Reports screen's reads, all computed from stored predictions on demand (a person's correction shows at once). */
export class Reports {
  constructor(
    private readonly db: () => Db,
    private readonly runs: RunSource,
  ) {}

  /** A run's name and scored questions; its row alone, since the summary's totals over all predictions are not needed. */
  private load(id: number): LoadedRun {
    const run = runRow(this.db(), id);
    return { id, name: run.name, model: run.model, circular: runConfig(run).circular, questions: loadScored(this.db(), id) };
  }

  run(id: number) {
    return buildRunReport(this.runs.get(id), loadScored(this.db(), id));
  }

  drill({ runId, given, target, targetRight, source, offset, limit }: ParsedInput<'reports.drill'>) {
    const rows = drillTriplets(loadScored(this.db(), runId), given, target, targetRight, source);
    return { total: rows.length, rows: rows.slice(offset, offset + limit) };
  }

  compare({ runIds, offset, limit }: ParsedInput<'reports.compare'>) {
    return compareRuns(runIds.map((id) => this.load(id)), offset, limit);
  }

  seeing({ withImages, withoutImages, textOnly }: ParsedInput<'reports.seeing'>) {
    return seeingOrNot(this.load(withImages), this.load(withoutImages), textOnly === null ? null : this.load(textOnly));
  }

  /** Every run with its accuracy, best first within each dataset. */
  leaderboard(): LeaderboardRow[] {
    const rows = this.runs.list().map((run): LeaderboardRow => {
      const questions = loadScored(this.db(), run.id);
      const scored = questions.filter((q) => q.scored);
      const triplets = questions.some((q) => q.role !== 'origin');
      return {
        runId: run.id, name: run.name, model: run.model, kind: run.kind, datasetId: run.datasetId, datasetName: run.datasetName,
        status: run.status, circular: run.circular, images: run.images, questions: questions.length,
        accuracy: accuracyBy(scored, []).overall,
        genuineAccuracy: triplets ? scoreMmEvalPro(tripletAnswers(questions)).Micro_Average.genuine_accuracy_score : null,
        createdAt: run.createdAt,
      };
    });
    return rows.sort((a, b) => a.datasetName.localeCompare(b.datasetName) || b.accuracy.accuracy - a.accuracy.accuracy || a.runId - b.runId);
  }

  /** VRP accuracy per level and relation value for each run of a dataset whose questions carry relation values. */
  vrp(datasetId: number): VrpSeries {
    const series: VrpSeries = [];
    for (const run of this.runs.list().filter((r) => r.datasetId === datasetId).reverse()) {
      const questions = loadScored(this.db(), run.id);
      if (!hasVrp(questions)) continue;
      series.push({ runId: run.id, name: run.name, model: run.model, by: accuracyBy(questions.filter((q) => q.scored), VRP_KEYS).by });
    }
    return series;
  }
}
