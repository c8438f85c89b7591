import type { Option } from '@shared/contract';
import { CIRCULAR_STRIDE, copyMismatch, type CircularCopy, type FileCircular } from '@shared/scoring/circular-file';
import type { ImportSink } from './sink';
import { OPTION_COLUMN } from './vlmevalkit-columns';

/** Columns a copy is not compared on: its own index and image reference, and its options and answer (kept apart). */
const OWN = new Set(['index', 'image', 'image_path', 'answer']);

interface Main { questionId: number; row: number; cells: Record<string, string>; options: Option[]; answer: string[]; copies: CircularCopy[] }

/**
 * The circular copies of a VLMEvalKit TSV (index n + k·1e6 after row n, as its `CIRCULAR()` writes them), kept as
 * the question's passes in its meta (`circular`, shared/scoring/circular-file.ts) rather than regenerated, so a run
 * asks exactly those rows and an export writes them back in the file's order.
 */
export class CircularCopies {
  private readonly mains = new Map<string, Main>();
  private rows = 0;

  /** A question row of the file (not a copy), its cells without the image. */
  addMain(index: string, main: Omit<Main, 'copies'>): void {
    const { image: _image, ...cells } = main.cells;
    this.mains.set(index, { ...main, cells, copies: [] });
  }

  /** The index of the question row `index` copies, or null when the row is a question of its own. */
  mainOf(index: string): string | null {
    const n = Number(index);
    if (n < CIRCULAR_STRIDE) return null;
    const main = String(n % CIRCULAR_STRIDE);
    return this.mains.has(main) ? main : null;
  }

  /** Keeps a copy of `mainIndex`; throws (for the import to name the line) when it is no copy of that row. */
  addCopy(mainIndex: string, copy: { index: string; row: number; cells: Record<string, string>; options: Option[]; answer: string[] }): void {
    const main = this.mains.get(mainIndex)!;
    const problem = copyMismatch(main.options, main.answer, copy);
    if (problem) throw new Error(`index ${copy.index} is a circular copy of row index ${mainIndex} (its index modulo 1 000 000), but ${problem}`);
    const cells = Object.fromEntries(Object.entries(copy.cells).filter(([k, v]) => !OWN.has(k) && !OPTION_COLUMN.test(k) && v !== (main.cells[k] ?? '')));
    main.copies.push({ index: copy.index, row: copy.row, options: copy.options, answer: copy.answer, cells });
    this.rows++;
  }

  /**
   * Writes every question's copies into its meta once the whole file is read; in a circular file a question without
   * copies is one VLMEvalKit kept single, and says so. Returns the counts for the dataset's meta, null without copies.
   */
  finish(sink: ImportSink): { questions: number; rows: number } | null {
    if (this.rows === 0) return null;
    let questions = 0;
    for (const main of this.mains.values()) {
      if (main.copies.length > 0) questions++;
      const value: FileCircular = { row: main.row, copies: main.copies };
      sink.setQuestionMeta(main.questionId, 'circular', value);
    }
    return { questions, rows: this.rows };
  }
}
