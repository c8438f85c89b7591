import { renameSync, rmSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/open';
import { AppError } from '../../errors';
import { readAnswer, readOptions } from '../../items/columns';
import type { ReadClause } from '../../items/questions';
import { maxUnitOptions } from '../store/export';
import { CIRCULAR_STRIDE } from '@shared/scoring/circular-file';
import { unitPages, type ExportRow, type RunIdentity } from './rows';

const letters = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i));

/**
 * The row's `index` as VLMEvalKit numbers it: the question's own index, and a CircularEval copy `pass · 1e6 + index`
 * (METHODS §2), which is how `anchor runs import` tells the copies apart again. An id that cannot be numbered so is
 * refused rather than written under an index that would read back as another question.
 */
function vlmIndex(r: ExportRow): number | string {
  const numeric = /^\d+$/.test(r.ext_id) ? Number(r.ext_id) : null;
  if (numeric !== null && numeric < CIRCULAR_STRIDE) return r.pass * CIRCULAR_STRIDE + numeric;
  if (numeric === null && r.pass === 0) return r.ext_id;
  throw new AppError('invalid_input', `item "${r.ext_id}" cannot be written as a VLMEvalKit index${r.pass > 0 ? ` for circular pass ${r.pass}` : ''} `
    + `(an integer below ${CIRCULAR_STRIDE.toLocaleString('en')}); export the run as csv or jsonl`);
}

function workbookRow(header: readonly string[], r: ExportRow): (string | number)[] {
  if (r.role !== 'origin') {
    throw new AppError('invalid_input', `the run asks ${r.role} questions: a VLMEvalKit workbook holds one question per index; export the run as csv or jsonl`);
  }
  const options = new Map(readOptions(r.options).map((o) => [o.label, o.text]));
  const cells: Record<string, string | number> = {
    index: vlmIndex(r), question: r.text, hint: r.hint ?? '', answer: readAnswer(r.gold).join(' | '), category: r.category ?? '',
    'l2-category': r.l2_category ?? '', split: r.split ?? '', source: r.source ?? '', prediction: r.raw ?? '',
  };
  return header.map((c) => cells[c] ?? options.get(c) ?? '');
}

/**
 * The prediction workbook VLMEvalKit writes for a model and benchmark (`{model}_{dataset}.xlsx`: the benchmark's
 * columns without the image, then `prediction`), one row per answered unit, streamed a page at a time through a
 * temporary file. Units with no reply (failed or not asked yet) are left out and counted: its files hold replies only.
 */
export async function writeVlmEvalKitWorkbook(db: Db, run: RunIdentity, out: string, rule: ReadClause | null): Promise<{ rows: number; withoutReply: number }> {
  const header = ['index', 'question', 'hint', ...letters(maxUnitOptions(db, run.runId)), 'answer', 'category', 'l2-category', 'split', 'source', 'prediction'];
  const temp = `${out}.partial-${process.pid}`;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: temp, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet('Sheet1');
  let rows = 0;
  let withoutReply = 0;
  try {
    sheet.addRow(header).commit();
    for await (const page of unitPages(db, run.runId, rule)) {
      for (const r of page) {
        if (r.status !== 'answered') withoutReply++;
        else {
          sheet.addRow(workbookRow(header, r)).commit();
          rows++;
        }
      }
    }
    sheet.commit();
    await book.commit();
    renameSync(temp, out);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return { rows, withoutReply };
}
