import type { MethodName } from '@shared/contract';
import type { Handlers } from '../dispatch';
import type { HandlerContext } from '../context';
import type { Reports } from './service';
import { checkSummaries } from './summary-doctor';
import type { ReadRules } from '../items/handlers';
import { readerOf } from './read-rules';

/** The team's read rules as reports ask for them (handed in by `handlers.ts`). */
type ReportRules = Pick<ReadRules, 'everything' | 'draftItems'>;

type ReportMethod = Extract<MethodName, `reports.${string}`>;

/** Reports of runs: one run, a drill-down, comparisons, the leaderboard, VRP's view and the summaries' doctor. */
export function reportHandlers(domain: HandlerContext<{ reports: Reports; version: string; readRules: ReportRules }>): Pick<Handlers, ReportMethod> {
  const { db, now, reports, version, readRules: rules } = domain;
  return {
    'reports.run': ({ id }, ctx) => reports.run(id, readerOf(rules, ctx)),
    'reports.drill': (input, ctx) => reports.drill(input, readerOf(rules, ctx)),
    'reports.compare': (input, ctx) => reports.compare(input, readerOf(rules, ctx)),
    'reports.seeing': (input, ctx) => reports.seeing(input, readerOf(rules, ctx)),
    'reports.templates': ({ runIds }, ctx) => reports.templates(runIds, readerOf(rules, ctx)),
    'reports.leaderboard': (input, ctx) => reports.leaderboard(input, readerOf(rules, ctx)),
    'reports.vrp': ({ datasetId }, ctx) => reports.vrp(datasetId, readerOf(rules, ctx)),
    'reports.doctor': ({ fix }) => checkSummaries(db(), fix),
    // Loaded on first use: the chart library is large and every CLI command, the server and the desktop start
    // would otherwise evaluate it.
    'reports.html': async ({ id, compare }, ctx) => (await import('./export')).htmlReport(reports, id, compare, version, now(), readerOf(rules, ctx)),
  };
}
