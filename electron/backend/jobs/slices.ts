import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError } from '../errors';

/** How long one slice of work may hold the event loop before other callers are served (issue 29). */
const SLICE_MS = 8;
/** And how many items at most: a slice ends at whichever comes first, so progress shows on any machine. */
const SLICE_ITEMS = 64;

export interface SliceOptions {
  /** Called after each slice with how many items are done. */
  progress?: (done: number, total: number) => void;
  /** Stops between slices (a cancelled job, a closing project). */
  signal?: AbortSignal;
}

/**
 * `items.map(fn)` in slices of about SLICE_MS, yielding to the event loop between them, so that reading thousands of
 * replies (each bounded, METHODS §4) never holds the server's one thread for longer than a slice.
 */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T, index: number) => R, options: SliceOptions = {}): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let sliceStart = performance.now();
  let inSlice = 0;
  for (let i = 0; i < items.length; i++) {
    out[i] = fn(items[i]!, i);
    if (++inSlice < SLICE_ITEMS && performance.now() - sliceStart < SLICE_MS) continue;
    options.progress?.(i + 1, items.length);
    await nextTurn();
    if (options.signal?.aborted) throw new AppError('cancelled', 'cancelled; nothing was stored');
    sliceStart = performance.now();
    inSlice = 0;
  }
  options.progress?.(items.length, items.length);
  return out;
}
