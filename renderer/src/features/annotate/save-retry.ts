import type { Triplet } from '@shared/contract';

/** Waits between tries while the server is away: quick at first, then every ten seconds until it answers. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 10_000);

/**
 * Whether the editor keeps its working copy when the server sends a triplet: it is the same item, and either
 * something local is unsaved or the server's copy is no newer than the one the working copy is based on.
 */
export function keepsWorkingCopy(base: { itemId: number; version: number } | null, dirty: boolean, triplet: Triplet): boolean {
  return base?.itemId === triplet.itemId && (dirty || triplet.version <= base.version);
}
