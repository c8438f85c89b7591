import type { MethodName } from '@shared/contract';
import type { HandlerContext } from '../../context';
import type { Handlers } from '../../dispatch';
import type { EndpointStore } from '../../endpoints/endpoints';
import type { RetryPolicy } from '../../engine/ask';
import type { VisualRuns } from '../../quality/visual';
import { actorOf } from '../people/users';
import { draftWithModel } from './draft';
import { startDraftCheck } from './draft-check';
import { provenanceCounts } from './provenance';
import { configureDrafting, draftingSettings } from './settings';

export type DraftingMethod = Extract<MethodName, `drafting.${string}`>;

/** What drafting uses of the backend: the machine's endpoints, the runs' retry policy, and runs to check a draft with. */
export type DraftingContext = HandlerContext<{ endpoints: EndpointStore; runs: VisualRuns & { retry: RetryPolicy } }>;

/** Model-drafted triplets (METHODS §10): the lead's switch, the draft, and provenance counts. */
export function draftingHandlers(ctx: DraftingContext): Pick<Handlers, DraftingMethod> {
  const { db, now } = ctx;
  return {
    'drafting.settings': ({ datasetId }) => draftingSettings(db(), datasetId),
    'drafting.configure': (input, call) => {
      // A name this machine lacks is refused now, not when an annotator first asks.
      if (input.endpoint !== null) ctx.endpoints.get(input.endpoint);
      const settings = configureDrafting(db(), call.userId, input, now());
      ctx.events.changed(['team']);
      return settings;
    },
    'drafting.draft': (input, call) => {
      const actor = call.userId === null ? null : actorOf(db(), call.userId);
      return draftWithModel({ db: db(), endpoints: ctx.endpoints, retry: ctx.runs.retry, now }, actor, input);
    },
    'drafting.checkDraft': ({ itemId }, call) => {
      const actor = call.userId === null ? null : actorOf(db(), call.userId);
      const { jobId, done } = startDraftCheck({ db: db(), runs: ctx.runs, jobs: ctx.jobs, endpoints: ctx.endpoints, now }, actor, itemId);
      // The readings are kept once the runs end: the form's flags refresh then.
      void done.catch(() => undefined).finally(() => ctx.events.changed(['runs']));
      return { jobId };
    },
    'drafting.provenance': ({ datasetId }) => provenanceCounts(db(), datasetId),
  };
}
