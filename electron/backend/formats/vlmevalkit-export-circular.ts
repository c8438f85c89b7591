import { circularPasses } from '@shared/scoring/circular';
import { CIRCULAR_STRIDE, filePasses, readFileCircular, type CircularCopy } from '@shared/scoring/circular-file';
import type { Option } from '@shared/contract';
import type { StoredQuestion } from '../items/items';

/** A row to write, by column. */
export type Cells = Record<string, string>;

/**
 * A copy names its question's row for its image, as `CIRCULAR()` writes it; VLMEvalKit resolves references in file
 * order, so that row's own reference (when it has one) is resolved before the copy's.
 */
function imageReference(main: Cells): string {
  return (main.image ?? '') === '' ? '' : main.index!;
}

function copyCells(main: Cells, copy: { index: string; options: readonly Option[]; answer: readonly string[]; cells?: CircularCopy['cells'] }): Cells {
  const cells: Cells = { ...main, ...copy.cells, index: copy.index, image: imageReference(main), answer: copy.answer.join(' | ') };
  for (const o of copy.options) cells[o.label] = o.text;
  return cells;
}

/**
 * Writes back the circular copies of questions imported from a VLMEvalKit circular file: the same indices, option
 * orders and answers, each at its place in the file (`CIRCULAR()` writes a whole option-count group's first passes,
 * then their second passes, …). A question edited since, whose copies no longer fit it, gets fresh rotations right
 * after its row, numbered as VLMEvalKit numbers them (pass · 1e6 + index).
 */
export class CircularRows {
  /** Copies waiting for their place, in file order. */
  private pending: { row: number; cells: Cells }[] = [];

  constructor(private readonly write: (cells: Cells) => Promise<void>) {}

  /** Before a question's row: the copies the file held above it. */
  async before(q: StoredQuestion): Promise<void> {
    const file = readFileCircular(q.meta);
    if (file) await this.flush(file.row);
  }

  /** After a question's row: its copies, held until their place comes. */
  async after(q: StoredQuestion, main: Cells): Promise<void> {
    const file = readFileCircular(q.meta);
    if (!file) return;
    if (filePasses(q.options, q.answer, file)) {
      this.pending.push(...file.copies.map((c) => ({ row: c.row, cells: copyCells(main, c) })));
      this.pending.sort((a, b) => a.row - b.row);
      return;
    }
    for (const p of circularPasses(q.options, q.answer).passes.slice(1)) {
      await this.write(copyCells(main, { index: String(p.pass * CIRCULAR_STRIDE + Number(main.index)), options: p.options, answer: p.answer }));
    }
  }

  /** Writes the copies held whose place is above `row` (all of them without one). */
  async flush(row = Infinity): Promise<void> {
    while (this.pending.length > 0 && this.pending[0]!.row < row) await this.write(this.pending.shift()!.cells);
  }
}
