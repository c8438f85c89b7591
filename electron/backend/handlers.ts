import type { BackendState } from './state';
import type { Handlers } from './dispatch';
import { teamHandlers } from './team/handlers';
import { vrpHandlers } from './vrp/handlers';
import { optimizeHandlers } from './optimize/handlers';
import { gradingHandlers } from './grading/handlers';
import { qualityHandlers } from './quality/handlers';
import { endpointsHandlers } from './endpoints/handlers';
import { runsHandlers } from './runs/handlers';
import { requireReadablePath } from './uploads';
import { appHandlers } from './app-handlers';
import { datasetHandlers } from './datasets/handlers';
import { itemHandlers } from './items/handlers';
import { transferHandlers } from './transfer/handlers';
import { reportHandlers } from './reports/handlers';
import { callerReadRules } from './team/read-rules';

/** Every contract method's implementation, merged from the domains' maps; the mapped type makes a missing one a compile error. */
export function createHandlers(state: BackendState): Handlers {
  const db = () => state.requireProject().db;
  const domain = state.domainContext();
  const readRules = callerReadRules(domain.db);

  return {
    ...appHandlers(state),
    ...datasetHandlers(domain),
    ...itemHandlers(domain, readRules),
    ...transferHandlers(domain),
    ...reportHandlers(state.reports, domain, state.version, readRules),
    ...teamHandlers(state.teamContext()),
    ...vrpHandlers(domain),
    ...endpointsHandlers(state.endpoints),
    ...runsHandlers({
      db, runs: state.runs, jobs: state.jobs, now: state.now, requireReadable: (ctx, path) => requireReadablePath(state.dataDir, ctx, path), readRules,
    }),
    ...optimizeHandlers({ db, endpoints: state.endpoints, jobs: state.jobs, events: state.events, now: state.now, runs: state.runs }),
    ...gradingHandlers({ db, endpoints: state.endpoints, jobs: state.jobs, events: state.events, now: state.now, runs: state.runs }),
    ...qualityHandlers(db),
  };
}
