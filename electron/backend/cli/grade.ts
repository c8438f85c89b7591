import type { Command } from 'commander';
import { contract, type GradingReport } from '@shared/contract';
import type { GradedScores } from '@shared/scoring/graded-report';
import { pyRound } from '@shared/scoring/rounding';
import { projectCommand, type Common } from './commands';
import { numeric, parseOptions, type NumberOption } from './options';

interface GradeOptions extends Common { grader: string; repeats: NumberOption }
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

/** `clear` removes a person's grade; anything else is a score, which the method's schema holds to 0–1. */
const overrideScore = (text: string) => (text === 'clear' ? null : numeric(text));

const OVERRIDE_ARGS = { gradingId: '<grading> (a grading id)', questionId: '<question> (a question id)', score: '<score> (0 to 1, or clear)' };

/** `anchor grading`: grade a run's open answers (MM-Vet), show a grading, override one grade. */
export function registerGrade(program: Command): void {
  const grading = program.command('grading').description('graded open answers (MM-Vet): a grader model scores each reply 0.0–1.0');
  projectCommand(grading, 'run', (c) => c
    .description('grade a run\'s open answers with a grader endpoint; prints total, capability and integration scores')
    .argument('<run>', 'run id', numeric)
    .requiredOption('--grader <endpoint>', 'the grader endpoint (see anchor models list)')
    .option('--repeats <n>', 'repeated grading runs, reported as mean ± std (MM-Vet\'s paper: 5)', numeric, 1),
  async (backend, out, opts: GradeOptions, runId) => {
    const input = parseOptions(contract['gradings.run'].input, { runId, grader: opts.grader, repeats: opts.repeats }, { runId: '<run> (a run id)' });
    const r = await backend.call('gradings.run', input);
    out.result(r, () => gradingLines(r).join('\n'));
  });
  projectCommand(grading, 'show', (c) => c.description('a grading\'s scores').argument('<grading>', 'grading id', numeric),
    async (backend, out, _opts: Common, id) => {
      const r = await backend.call('gradings.report', parseOptions(contract['gradings.report'].input, { id }, { id: '<grading> (a grading id)' }));
      out.result(r, () => gradingLines(r).join('\n'));
    });
  projectCommand(grading, 'override', (c) => c
    .description('set a person\'s grade of one question (it stands in every grading run), or "clear" it')
    .argument('<grading>', 'grading id', numeric)
    .argument('<question>', 'question id', numeric)
    .argument('<score>', 'a score from 0 to 1, or clear', overrideScore)
    .option('--note <text>', 'why'),
  async (backend, out, opts: OverrideOptions, gradingId, questionId, score) => {
    const input = parseOptions(contract['gradings.override'].input, { gradingId, questionId, score, note: opts.note ?? null }, OVERRIDE_ARGS);
    const r = await backend.call('gradings.override', input);
    out.result(r, () => gradingLines(r).join('\n'));
  });
}
