import { renderHtmlReport } from './html';
import type { Reports } from './service';
import { OWNER, type ReportReader } from './read-rules';

/** A file name a person recognises: the run's name made safe for any file system. */
export function reportFilename(name: string, id: number): string {
  const safe = name.normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
  return `anchor-report-${id}-${safe || 'run'}.html`;
}

/** The HTML report of a run, with a comparison section when other runs are named. */
export function htmlReport(reports: Reports, id: number, compare: readonly number[], version: string, now: Date, reader: ReportReader = OWNER) {
  const report = reports.run(id, reader);
  const others = compare.filter((c) => c !== id);
  const html = renderHtmlReport({
    report,
    vrp: report.vrp ? reports.vrp(report.run.datasetId, reader) : [],
    comparison: others.length ? reports.compare({ runIds: [id, ...others], offset: 0, limit: 100 }, reader) : null,
    version,
    now,
  });
  return { filename: reportFilename(report.run.name, id), html };
}
