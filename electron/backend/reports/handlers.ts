import type { MethodName } from '@shared/contract';
import type { Handlers } from '../dispatch';
import type { DomainContext } from '../context';
import type { Reports } from './service';
import { checkSummaries } from './summary-doctor';

type ReportMethod = Extract<MethodName, `reports.${string}`>;

/** Reports of runs: one run, a drill-down, comparisons, the leaderboard, VRP's view and the summaries' doctor. */
export function reportHandlers(reports: Reports, domain: DomainContext, version: string): Pick<Handlers, ReportMethod> {
  const { db, now } = domain;
  return {
    'reports.run': ({ id }) => reports.run(id),
    'reports.drill': (input) => reports.drill(input),
    'reports.compare': (input) => reports.compare(input),
    'reports.seeing': (input) => reports.seeing(input),
    'reports.leaderboard': (input) => reports.leaderboard(input),
    'reports.vrp': ({ datasetId }) => reports.vrp(datasetId),
    'reports.doctor': ({ fix }) => checkSummaries(db(), fix),
    // Loaded on first use: the chart library is large and every CLI command, the server and the desktop start
    // would otherwise evaluate it.
    'reports.html': async ({ id, compare }) => (await import('./export')).htmlReport(reports, id, compare, version, now()),
  };
}
