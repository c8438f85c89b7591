import type { Option } from '@shared/contract';
import type { OfficialScore } from '@shared/contract/report-entities';
import { isMmStarSet, officialMmStar } from '@shared/scoring/mmstar-official';
import type { OfficialInput, OfficialPass } from '@shared/scoring/official-common';
import { isLetteredSet, officialVlmEvalKit } from '@shared/scoring/vlmevalkit-official';
import { AppError } from '../errors';
import { readTable } from '../formats/spreadsheet';
import { readReply } from '../runs/read-reply';

const LABELS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
// Image cells are base64 and never read: a prediction table's other columns are all this needs.
const KEPT = new Set(['index', 'answer', 'prediction', 'category', 'l2-category', 'l2_category', 'split', ...LABELS]);

interface Row { index: number; line: number; cells: Record<string, string> }

const text = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v);

function rowsOf(file: string, records: readonly Record<string, string>[], lines: readonly number[]): Row[] {
  return records.map((cells, i) => {
    const index = Number(cells.index);
    if (!Number.isInteger(index)) throw new AppError('invalid_input', `${file}:${lines[i]}: index "${cells.index ?? ''}" is not an integer`);
    if (text(cells.answer) === null) throw new AppError('invalid_input', `${file}:${lines[i]}: no answer`);
    return { index, line: lines[i]!, cells };
  });
}

const optionsOf = (cells: Record<string, string>): Option[] => [...LABELS].filter((l) => text(cells[l]) !== null).map((l) => ({ label: l, text: cells[l]! }));
const passOf = (r: Row): OfficialPass => ({ options: optionsOf(r.cells), gold: [r.cells.answer!.trim()], reply: r.cells.prediction ?? '' });

/** A question and its CircularEval copies (VLMEvalKit's `index % 1e6` grouping), each read by the studio's rules too. */
function inputOf(original: Row, copies: readonly Row[]): OfficialInput {
  const passes = copies.map(passOf);
  const readings = passes.map((p) => readReply('multiple-choice', p.options, p.gold, p.reply ?? '', null));
  const c = original.cells;
  return {
    id: String(original.index), type: 'multiple-choice', subject: null, category: text(c.category), l2Category: text(c['l2-category']) ?? text(c.l2_category),
    split: text(c.split), passes: [passes[0]!, ...passes.slice(1)], studio: { read: readings[0]!.label, right: readings.every((r) => r.right) },
  };
}

/**
 * `anchor score FILE --format vlmevalkit`: a VLMEvalKit prediction table (xlsx, TSV or CSV with `index`, options A…,
 * `answer`, `prediction`, categories) scored by VLMEvalKit's exact matching and, for MMStar's categories, MMStar's own
 * scorer, each beside the studio's reading of the same replies. Copies (index ≥ 1e6) make it CircularEval.
 */
export async function scoreVlmEvalKitTable(file: string): Promise<{ format: 'vlmevalkit'; circular: boolean; official: OfficialScore[] }> {
  const table = await readTable(file, (name) => KEPT.has(name));
  const rows = rowsOf(file, table.records, table.lines).sort((a, b) => a.index - b.index);
  const circular = rows.some((r) => r.index >= 1e6);
  const originals = rows.filter((r) => r.index < 1e6);
  const inputs = originals.map((o) => inputOf(o, rows.filter((r) => r.index % 1e6 === o.index)));
  const orphan = rows.find((r) => !originals.some((o) => o.index === r.index % 1e6));
  if (orphan) throw new AppError('invalid_input', `${file}:${orphan.line}: copy ${orphan.index} has no question ${orphan.index % 1e6}`);
  if (!isLetteredSet(inputs)) throw new AppError('invalid_input', `${file}: every row needs options A, B, … and an answer that is one of their letters`);
  return {
    format: 'vlmevalkit', circular,
    official: [...(isMmStarSet(inputs) && !circular ? [officialMmStar(inputs).score] : []), officialVlmEvalKit(inputs, circular).score],
  };
}
