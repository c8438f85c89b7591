import type { BackendState } from './state';
import type { Handlers } from './dispatch';
import { teamHandlers } from './team/handlers';
import { vrpHandlers } from './vrp/handlers';
import { optimizeHandlers } from './optimize/handlers';
import { gradingHandlers } from './grading/handlers';
import { qualityHandlers } from './quality/handlers';
import { qualityReportHandlers } from './quality-report/handlers';
import { endpointsHandlers } from './endpoints/handlers';
import { runsHandlers } from './runs/handlers';
import { appHandlers } from './app-handlers';
import { datasetHandlers } from './datasets/handlers';
import { itemHandlers } from './items/handlers';
import { transferHandlers } from './transfer/handlers';
import { reportHandlers } from './reports/handlers';

/**
 * Every contract method's implementation, merged from the domains' maps; the mapped type makes a missing one a compile
 * error. Every domain is given the same context (context.ts `HandlerContext`), with all the backend's named services.
 */
export function createHandlers(state: BackendState): Handlers {
  const ctx = state.handlerContext();
  return {
    ...appHandlers(ctx),
    ...datasetHandlers(ctx),
    ...itemHandlers(ctx),
    ...transferHandlers(ctx),
    ...reportHandlers(ctx),
    ...teamHandlers(ctx),
    ...vrpHandlers(ctx),
    ...endpointsHandlers(ctx),
    ...runsHandlers(ctx),
    ...optimizeHandlers(ctx),
    ...gradingHandlers(ctx),
    ...qualityHandlers(ctx),
    ...qualityReportHandlers(ctx),
  };
}
