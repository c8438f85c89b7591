import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { contract } from '@shared/contract';
import { qualityMarkdown } from '@shared/reports/quality';
import type { Backend } from '..';
import type { Output } from './output';
import { AppError } from '../errors';
import { datasetId } from './eval';
import { parseOptions, type NumberOption } from './options';

export interface QualityReportOptions { dataset?: string; threshold?: NumberOption; markdown?: string }

/**
 * `anchor report --quality --dataset X`: the dataset's quality report, as Markdown on the terminal (or `--json`), and
 * with `--markdown FILE` written to a file as well.
 */
export async function qualityReportCommand(backend: Backend, out: Output, opts: QualityReportOptions): Promise<void> {
  if (!opts.dataset) throw new AppError('invalid_input', '--quality needs --dataset NAME (see `anchor info`)');
  const input = parseOptions(contract['quality.report'].input, { datasetId: await datasetId(backend, opts.dataset), threshold: opts.threshold }, { threshold: '--threshold' });
  const report = await backend.call('quality.report', input);
  const markdown = qualityMarkdown(report);
  const written = opts.markdown ? resolve(opts.markdown) : null;
  if (written) writeFileSync(written, `${markdown}\n`);
  out.result({ ...report, markdown: written }, () => (written ? `${markdown}\nwrote ${written}` : markdown));
}
