import type { MethodName } from '@shared/contract';
import type { HandlerContext } from '../context';
import type { Handlers } from '../dispatch';
import type { EndpointStore } from '../endpoints/endpoints';
import type { RetryPolicy } from '../engine/ask';
import { AppError } from '../errors';
import { createGrading, runGrading } from './grading';
import { gradeList, gradingReport, gradingsOfRun } from './report';
import { clearOverride, gradingRow, setOverride, targetRows } from './store';
import { gradeTargets } from './targets';

type GradingMethod = Extract<MethodName, `gradings.${string}`>;

/** What the grading methods use of the backend, passed in by the file that merges the handlers. */
export type GradingContext = HandlerContext<{
  endpoints: EndpointStore;
  runs: { retry: RetryPolicy };
}>;

/** Graded open answers (METHODS §5.1): gradings run as jobs; reports, grades and overrides read and write the project. */
export function gradingHandlers(state: GradingContext): Pick<Handlers, GradingMethod> {
  const { db } = state;
  const deps = () => ({ db: db(), endpoints: state.endpoints, now: state.now, retry: state.runs.retry });
  const start = (input: Parameters<typeof createGrading>[1], userId: string | null) => {
    const id = createGrading(deps(), input, userId);
    state.events.changed(['runs']);
    const started = state.jobs.start('grading', `Grading of run ${input.runId}`, 'grades', (control) =>
      runGrading(deps(), id, control).finally(() => state.events.changed(['runs'])));
    return { id, ...started };
  };
  return {
    'gradings.start': (input, ctx) => {
      const { id, job } = start(input, ctx.userId);
      return { gradingId: id, jobId: job.id };
    },
    'gradings.run': async (input, ctx) => {
      const { id, done } = start(input, ctx.userId);
      await done;
      return gradingReport(db(), id);
    },
    'gradings.list': ({ runId }) => gradingsOfRun(db(), runId),
    'gradings.report': ({ id }) => gradingReport(db(), id),
    'gradings.grades': ({ id }) => gradeList(db(), id),
    'gradings.override': ({ gradingId, questionId, score, note }, ctx) => {
      const row = gradingRow(db(), gradingId);
      if (!gradeTargets(targetRows(db(), row.run_id)).some((t) => t.questionId === questionId)) {
        throw new AppError('not_found', `question ${questionId} is not graded in grading ${gradingId}`);
      }
      if (score === null) clearOverride(db(), gradingId, questionId);
      else setOverride(db(), gradingId, questionId, { score, note, by: ctx.userId, at: state.now().toISOString() });
      return gradingReport(db(), gradingId);
    },
  };
}
