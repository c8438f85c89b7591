import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula } from '@shared/reports/safe-text';
import type { Db } from '../../db/open';
import { writeAtomically } from '../../formats/write-lines';
import type { ReadClause } from '../../items/questions';
import { RESULT_COLUMNS, resultRecord, unitPages, type ResultRecord, type RunIdentity } from './rows';

/**
 * CSV is for spreadsheets: a reply starting with `=`, `+`, `-` or `@` would run as a formula there, so such cells get a
 * leading `'` as the report tables' CSVs do (docs/SECURITY.md, "Output encoding"). JSONL keeps every reply byte-exact.
 */
const csvLine = (record: ResultRecord) => stringify([RESULT_COLUMNS.map((c) => neutraliseFormula(record[c]))]);
const jsonLine = (record: ResultRecord) => `${JSON.stringify(record)}\n`;

/** Every unit the caller may read, one row each, streamed page by page into `out` (written whole or not at all). */
export async function writeResultTable(db: Db, run: RunIdentity, format: 'csv' | 'jsonl', out: string, rule: ReadClause | null): Promise<number> {
  let rows = 0;
  await writeAtomically(out, async (put) => {
    if (format === 'csv') await put(stringify([[...RESULT_COLUMNS]]));
    for await (const page of unitPages(db, run.runId, rule)) {
      const encode = format === 'csv' ? csvLine : jsonLine;
      await put(page.map((r) => encode(resultRecord(run, r))).join(''));
      rows += page.length;
    }
  });
  return rows;
}
