import type { Command } from 'commander';
import type { GradingReport } from '@shared/contract';
import type { GradedScores } from '@shared/scoring/graded-report';
import { pyRound } from '@shared/scoring/rounding';
import { AppError } from '../errors';
import { int, projectCommand, type Common } from './commands';

interface GradeOptions extends Common { grader: string; repeats: number }
interface OverrideOptions extends Common { note?: string }

/** One decimal rounded as MM-Vet's evaluator rounds (Python's `round`, ties to even), so printed figures match its CSVs. */
const score = (v: number | null) => (v === null ? '—' : pyRound(v, 1).toFixed(1));
const withStd = (g: { mean: number | null; std: number | null }) => `${score(g.mean)}${g.std === null ? '' : ` ± ${score(g.std)}`}`;

const groupsLine = (label: string, groups: GradedScores['byCapability']) => `  ${label}: ${groups.map((c) => `${c.name} ${withStd(c)}`).join(' · ')}`;

/** MM-Vet's figures as text (METHODS §5.1): total, capabilities and integrations, mean ± std over the grading runs. */
export function gradedScoreLines(r: GradedScores): string[] {
  return [
    `total ${withStd(r.total)} over ${r.repeats} run(s) [${r.total.runs.map(score).join(', ')}] · ${r.questions} questions`,
    groupsLine('capabilities', r.byCapability), groupsLine('integrations', r.byIntegration),
  ];
}

/** A grading's figures as text, with what it asked and what it could not grade. */
export function gradingLines(r: GradingReport): string[] {
  const g = r.grading;
  const runs = r.total.runs.map(score).join(', ');
  return [
    `grading ${g.id} of run ${g.runId} by ${g.grader} (${g.model}), ${g.status}: total ${withStd(r.total)} over ${r.repeats} run(s) [${runs}]`,
    `  ${r.questions} graded questions · ${r.ungraded} grade(s) ungraded on ${r.ungradedQuestions} question(s) · ${r.overridden} overridden`
      + `${g.unanswered ? ` · ${g.unanswered} unanswered, not graded` : ''} · ${g.calls} grader calls (${g.cachedCalls} from the cache)`,
    groupsLine('capabilities', r.byCapability), groupsLine('integrations', r.byIntegration),
  ];
}

function overrideScore(text: string): number | null {
  if (text === 'clear') return null;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) throw new AppError('invalid_input', `score "${text}" is not a number from 0 to 1 (or "clear")`);
  return value;
}

/** `anchor grading`: grade a run's open answers (MM-Vet), show a grading, override one grade. */
export function registerGrade(program: Command): void {
  const grading = program.command('grading').description('graded open answers (MM-Vet): a grader model scores each reply 0.0–1.0');
  projectCommand(grading, 'run', (c) => c
    .description('grade a run\'s open answers with a grader endpoint; prints total, capability and integration scores')
    .argument('<run>', 'run id', int)
    .requiredOption('--grader <endpoint>', 'the grader endpoint (see anchor models list)')
    .option('--repeats <n>', 'repeated grading runs, reported as mean ± std (MM-Vet\'s paper: 5)', int, 1),
  async (backend, out, opts: GradeOptions, runId: number) => {
    const r = await backend.call('gradings.run', { runId, grader: opts.grader, repeats: opts.repeats });
    out.result(r, () => gradingLines(r).join('\n'));
  });
  projectCommand(grading, 'show', (c) => c.description('a grading\'s scores').argument('<grading>', 'grading id', int),
    async (backend, out, _opts: Common, id: number) => {
      const r = await backend.call('gradings.report', { id });
      out.result(r, () => gradingLines(r).join('\n'));
    });
  projectCommand(grading, 'override', (c) => c
    .description('set a person\'s grade of one question (it stands in every grading run), or "clear" it')
    .argument('<grading>', 'grading id', int)
    .argument('<question>', 'question id', int)
    .argument('<score>', 'a score from 0 to 1, or clear')
    .option('--note <text>', 'why'),
  async (backend, out, opts: OverrideOptions, gradingId: number, questionId: number, value: string) => {
    const r = await backend.call('gradings.override', { gradingId, questionId, score: overrideScore(value), note: opts.note ?? null });
    out.result(r, () => gradingLines(r).join('\n'));
  });
}
