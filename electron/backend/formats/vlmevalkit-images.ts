/**
 * A VLMEvalKit image cell of 1–64 characters names the row whose image it reuses, and VLMEvalKit resolves that name
 * anywhere in the file (`ImageBaseDataset`): its own `CIRCULAR()` regroups rows by option count, so a reference can
 * point further down. A row naming an index not seen yet gets its images when that row arrives.
 */

interface Waiter { index: string; itemId: number; line: number; target: string }

export interface UnresolvedReference { line: number; target: string }

export class ImageReferences {
  private readonly resolved = new Map<string, string[]>();
  /** The waiters on each index whose row has not come yet. */
  private readonly waiting = new Map<string, Waiter[]>();
  /** Rows still waiting, and the index they wait on (a chain A → B → C waits on C). */
  private readonly deferredTo = new Map<string, string>();

  /** `attach` gives an item added earlier the images a reference names, once they are known. */
  constructor(private readonly attach: (itemId: number, hashes: readonly string[]) => void) {}

  /** The images of a row already read, or undefined when it comes further down (or never). */
  lookup(index: string): string[] | undefined {
    return this.resolved.get(index);
  }

  /** The row `index` (item `itemId`, at `line`) reuses the images of `target`, which has not come yet. */
  wait(index: string, target: string, itemId: number, line: number): void {
    const final = this.deferredTo.get(target) ?? target;
    const moved = this.waiting.get(index) ?? [];
    this.waiting.delete(index);
    const list = this.waiting.get(final) ?? [];
    for (const w of [{ index, itemId, line, target }, ...moved]) {
      this.deferredTo.set(w.index, final);
      list.push(w);
    }
    this.waiting.set(final, list);
  }

  /** The row `index` holds these images: rows that named it get them now. */
  resolve(index: string, hashes: string[]): void {
    this.resolved.set(index, hashes);
    const waiters = this.waiting.get(index);
    if (!waiters) return;
    this.waiting.delete(index);
    for (const w of waiters) {
      this.attach(w.itemId, hashes);
      this.resolved.set(w.index, hashes);
      this.deferredTo.delete(w.index);
    }
  }

  /** The first reference (in file order) that no row of the file answered, or null when all were. */
  unresolved(): UnresolvedReference | null {
    const all = [...this.waiting.values()].flat().sort((a, b) => a.line - b.line);
    return all[0] ? { line: all[0].line, target: all[0].target } : null;
  }
}
