import type { MethodName } from '@shared/contract';
import type { HandlerContext } from '../context';
import type { Handlers } from '../dispatch';
import type { EndpointStore } from '../endpoints/endpoints';
import { getItem } from '../items/items';
import type { ReadRules } from '../items/handlers';
import { findDuplicates } from './duplicates';
import { withImageHashing } from './hashes';
import { startVisualCheck, type VisualRuns } from './visual';
import { visualOfItem, visualResults } from './visual-results';

type QualityMethod = Exclude<Extract<MethodName, `quality.${string}`>, 'quality.report'>;

/** What the quality methods use of the backend: the runs (the check asks through them), endpoints and read rules. */
export type QualityContext = HandlerContext<{ runs: VisualRuns; endpoints: EndpointStore; readRules: ReadRules }>;

/** Building a better benchmark (issue 36): near-duplicate images and duplicate questions; the visual-dependency check. */
export function qualityHandlers(state: QualityContext): Pick<Handlers, QualityMethod> {
  const { db } = state;
  return {
    'quality.duplicates': ({ datasetId, threshold }) => withImageHashing(db(), state.jobs, (control) => findDuplicates(db(), threshold, datasetId, control)),
    'quality.checkVisual': (input, ctx) => {
      const deps = { db: db(), runs: state.runs, jobs: state.jobs, endpoints: state.endpoints, now: state.now };
      const { jobId, done, fromRuns } = startVisualCheck(deps, input, ctx.userId);
      // The readings are kept after the runs end: whoever shows them refreshes once the check has.
      void done.catch(() => undefined).finally(() => state.events.changed(['runs']));
      return { jobId, fromRuns };
    },
    'quality.visual': ({ datasetId }) => visualResults(db(), datasetId),
    'quality.visualItem': ({ itemId }, ctx) => {
      // Only the questions the caller may read of the item (an annotator sees no one else's draft).
      const item = state.readRules.item(getItem(db(), itemId), ctx);
      return visualOfItem(db(), itemId, new Set(item.questions.map((q) => q.id)));
    },
  };
}
