import type { Db } from '../db/open';
import { imageDecodes } from '../items/decode-limit';
import { maxImagePixels } from '../items/pixel-budget';
import { dHash } from './dhash';
import { saveImageHashes, unhashedImages, type StoredHash } from './store';

/** Images decoded and stored per slice: a slice's bytes are in memory at once, and each slice is kept as it ends. */
const SLICE = 32;

/**
 * Hashes every image items show that has no stored hash yet, slice by slice, and keeps each slice: hashes are computed
 * once per image key (imports stay as fast as before), a check interrupted half-way keeps what it did, and the next
 * check only hashes what is new. Decodes share the project's decode limit with thumbnails. A read-only project keeps
 * nothing: its hashes live for this check only. Returns the hashes made, by image key.
 */
export async function ensureImageHashes(db: Db): Promise<Map<string, StoredHash>> {
  const made = new Map<string, StoredHash>();
  for (let after = ''; ;) {
    const slice = unhashedImages(db, after, SLICE);
    if (slice.length === 0) return made;
    const rows = await Promise.all(slice.map((image) => hashOne(image)));
    if (!db.readonly) saveImageHashes(db, rows);
    for (const r of rows) made.set(r.imageHash, r);
    after = slice[slice.length - 1]!.hash;
  }
}

async function hashOne(image: { hash: string; width: number; height: number; bytes: Buffer }): Promise<StoredHash> {
  // One over the pixel budget (stored before the budget existed) is never decoded, as for thumbnails.
  if (image.width * image.height > maxImagePixels()) return { imageHash: image.hash, whole: null, inner: null, flat: false, error: 'over the pixel budget' };
  try {
    return { imageHash: image.hash, ...(await imageDecodes.run(() => dHash(image.bytes))), error: null };
  } catch (e) {
    return { imageHash: image.hash, whole: null, inner: null, flat: false, error: `cannot be decoded: ${e instanceof Error ? e.message : String(e)}` };
  }
}
