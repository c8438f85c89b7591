import type { MethodName } from '@shared/contract';
import type { HandlerContext } from '../context';
import type { Handlers } from '../dispatch';
import { findDuplicates } from './duplicates';
import { withImageHashing } from './hashes';

type QualityMethod = Exclude<Extract<MethodName, `quality.${string}`>, 'quality.report'>;

/** Building a better benchmark (issue 36): near-duplicate images and duplicate questions. */
export function qualityHandlers({ db, jobs }: HandlerContext): Pick<Handlers, QualityMethod> {
  return {
    'quality.duplicates': ({ datasetId, threshold }) => withImageHashing(db(), jobs, (control) => findDuplicates(db(), threshold, datasetId, control)),
  };
}
