import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunExportFormat, RunSummary } from '@shared/contract';
import type { Db } from '../../db/open';
import type { ReadClause } from '../../items/questions';
import { refuseOpenHumanRun } from '../read-rules';
import { runIdentity } from './rows';
import { writeResultTable } from './table';
import { writeVlmEvalKitWorkbook } from './workbook';

/** What the caller may read: the draft rule on questions (null: all) and whether open human baselines are theirs to see. */
export interface ExportReader { rule: ReadClause | null; everything: boolean }

/**
 * Writes a run's results to `out` under the caller's read rules, the ones `runs.predictions` applies: units of drafts
 * they may not read are left out, and an open human baseline is refused to whoever is not a lead (docs/SECURITY.md).
 */
export async function exportRunResults(db: Db, summary: RunSummary, format: RunExportFormat, out: string, reader: ExportReader) {
  if (!reader.everything) refuseOpenHumanRun(summary);
  const run = runIdentity(db, summary);
  if (format === 'vlmevalkit-xlsx') return { path: out, format, ...(await writeVlmEvalKitWorkbook(db, run, out, reader.rule)) };
  return { path: out, format, rows: await writeResultTable(db, run, format, out, reader.rule), withoutReply: 0 };
}

/** The file's name when none is given: VLMEvalKit's `{model}_{dataset}.xlsx`, else the run's id. */
export function resultFileName(summary: Pick<RunSummary, 'id' | 'model' | 'datasetName'>, format: RunExportFormat): string {
  const name = format === 'vlmevalkit-xlsx' ? `${summary.model}_${summary.datasetName}.xlsx` : `run-${summary.id}-results.${format}`;
  return name.replace(/[^\w.\- ]+/g, '_').slice(0, 120);
}

/**
 * The results file in memory under its download name, for a caller that saves it itself (the desktop app, whose
 * renderer names no path: the person picks one in the save dialog). Written through a private temporary folder so
 * the bytes are exactly those of `runs.export` and the download.
 */
export async function exportRunResultsFile(db: Db, summary: RunSummary, format: RunExportFormat, reader: ExportReader) {
  const dir = mkdtempSync(join(tmpdir(), 'anchor-run-export-'));
  try {
    const filename = resultFileName(summary, format);
    const { rows } = await exportRunResults(db, summary, format, join(dir, filename), reader);
    return { filename, base64: readFileSync(join(dir, filename)).toString('base64'), rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
