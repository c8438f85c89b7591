import type { MethodName } from '@shared/contract';
import type { HandlerContext } from '../context';
import type { Handlers } from '../dispatch';
import { qualityReport } from './report';
import { withImageHashing } from '../quality/hashes';

type QualityReportMethod = Extract<MethodName, 'quality.report'>;

/** A dataset's quality report, which reads the team's reviews and so stands above `quality/` and `team/`. */
export function qualityReportHandlers({ db, jobs }: HandlerContext): Pick<Handlers, QualityReportMethod> {
  return {
    'quality.report': ({ datasetId, threshold }) => withImageHashing(db(), jobs, (control) => qualityReport(db(), datasetId, threshold, control)),
  };
}
