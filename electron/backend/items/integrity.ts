import { createHash } from 'node:crypto';
import type { Db } from '../db/open';
import { deleteUnreferencedImages, eachImage, itemsShowingImage, unreferencedImages } from './store';

/** What `anchor doctor project` checks of images: bytes that no longer match their key, and images nothing shows. */

export interface DamagedImage {
  hash: string;
  /** The SHA-256 of the bytes stored under the key now. */
  actual: string;
  /** The items showing it, as dataset and the source's id. */
  items: { dataset: string; extId: string }[];
}

/**
 * Re-hashes every image against its key (images are stored under the SHA-256 of their bytes, so a changed byte shows).
 * `progress` is told how many were read, every `every` images.
 */
export function damagedImages(db: Db, progress?: (checked: number) => void, every = 500): { checked: number; damaged: DamagedImage[] } {
  const damaged: DamagedImage[] = [];
  let checked = 0;
  for (const { hash, bytes } of eachImage(db)) {
    const actual = createHash('sha256').update(bytes).digest('hex');
    if (actual !== hash) damaged.push({ hash, actual, items: [] });
    if (++checked % every === 0) progress?.(checked);
  }
  // Named after the scan: a second statement on the connection while the first iterates is refused.
  for (const image of damaged) image.items = itemsShowingImage(db, image.hash);
  return { checked, damaged };
}

/** Images no item shows: dead weight from a killed import or a replaced picture; never read, safe to delete. */
export function orphanedImages(db: Db): { hash: string; size: number }[] {
  return unreferencedImages(db);
}

/** Deletes the images no item shows, in the caller's transaction. */
export function deleteOrphanedImages(db: Db): { images: number; bytes: number } {
  return deleteUnreferencedImages(db);
}
