import { MAX_SWEEP_TEMPLATES, type RunSummary, type SweepEntry, type TemplateSweep } from '@shared/contract';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { summaryBoard, summaryReport } from './summary';

/** A run with what a sweep compares: its figures and the setting it was asked in. */
interface SweptRun { run: RunSummary; entry: SweepEntry; questionSet: string }

function swept(db: Db, run: RunSummary): SweptRun {
  const report = summaryReport(db, run.id);
  const entry: SweepEntry = {
    runId: run.id, name: run.name, templateName: run.templateName, templateHash: run.templateHash, status: run.status, trials: run.trials,
    questions: report.coverage.questions, scored: report.coverage.scored, accuracy: report.accuracy.overall,
  };
  return { run, entry, questionSet: summaryBoard(db, run.id).setting.questionSet };
}

/** Everything but the template must match, or the accuracies compare prompts and something else at once. */
function refuseIncomparable(model: string, runs: readonly SweptRun[]): void {
  const [first, ...rest] = runs;
  const differs = (r: SweptRun) => {
    if (r.run.datasetId !== first!.run.datasetId || r.questionSet !== first!.questionSet) return 'asked other questions';
    if (r.run.circular !== first!.run.circular) return 'differs in CircularEval';
    if (r.run.images !== first!.run.images) return 'differs in images sent or withheld';
    if (r.run.trials !== first!.run.trials) return 'differs in repeated trials';
    if (r.run.vrpClarification !== first!.run.vrpClarification) return 'differs in the VRP clarification';
    return null;
  };
  for (const r of rest) {
    const why = differs(r);
    if (why) throw new AppError('invalid_input', `run ${r.run.id} of ${model} ${why} than run ${first!.run.id}: a template sweep compares prompts on one setting`);
  }
  const hashes = new Set<string>();
  for (const r of runs) {
    if (hashes.has(r.entry.templateHash)) throw new AppError('invalid_input', `${model} has two runs of the template "${r.entry.templateName}" (#${r.entry.templateHash}); give one per template`);
    hashes.add(r.entry.templateHash);
  }
  if (runs.length > MAX_SWEEP_TEMPLATES) throw new AppError('invalid_input', `${model} has ${runs.length} templates; VRPTest tries up to ${MAX_SWEEP_TEMPLATES}`);
}

/**
 * VRPTest's best of up to four templates (METHODS §6.6): the given runs grouped by model, in the order given; per model
 * the best accuracy once every template's run has every question scored. A tie goes to the template listed first.
 */
export function templateSweep(db: Db, runs: readonly RunSummary[]): TemplateSweep {
  const groups = new Map<string, SweptRun[]>();
  for (const run of runs) {
    const key = JSON.stringify([run.endpoint, run.model]);
    groups.set(key, [...(groups.get(key) ?? []), swept(db, run)]);
  }
  const notes: string[] = [];
  const models = [...groups.values()].map((group) => {
    const { model, endpoint } = group[0]!.run;
    refuseIncomparable(model, group);
    const unfinished = group.filter((r) => r.entry.scored < r.entry.questions);
    for (const r of unfinished) notes.push(`run ${r.run.id} (${model}, ${r.entry.templateName}) has ${r.entry.questions - r.entry.scored} questions not scored yet: resume it or retry its errors`);
    let best: SweepEntry | null = null;
    if (unfinished.length === 0) for (const r of group) if (best === null || r.entry.accuracy.accuracy > best.accuracy.accuracy) best = r.entry;
    return { model, endpoint, best, templates: group.map((r) => r.entry) };
  });
  return { models, notes };
}
