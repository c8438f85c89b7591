import type { Db } from '../db/open';
import type { JobControl, JobRegistry } from '../jobs/registry';
import { AppError } from '../errors';
import { imageDecodes } from '../items/decode-limit';
import { maxImagePixels } from '../items/pixel-budget';
import { dHash } from './dhash';
import { saveImageHashes, unhashedImageCount, unhashedImages, type StoredHash } from './store';

/** Images decoded and stored per slice: a slice's bytes are in memory at once, and each slice is kept as it ends. */
const SLICE = 32;

/**
 * Hashes every image items show that has no stored hash yet, slice by slice, and keeps each slice: hashes are computed
 * once per image key (imports stay as fast as before), a check interrupted half-way keeps what it did, and the next
 * check only hashes what is new. Decodes share the project's decode limit with thumbnails. A read-only project keeps
 * nothing: its hashes live for this check only. Returns the hashes made, by image key.
 */
export async function ensureImageHashes(db: Db, control?: Pick<JobControl, 'progress' | 'signal'>): Promise<Map<string, StoredHash>> {
  const made = new Map<string, StoredHash>();
  const total = control ? unhashedImageCount(db) : null;
  for (let after = ''; ;) {
    // Between slices: what is stored so far stays, as for an interrupted check.
    if (control?.signal.aborted) throw new AppError('cancelled', 'hashing stopped; the images hashed so far are kept');
    const slice = unhashedImages(db, after, SLICE);
    if (slice.length === 0) return made;
    const rows = await Promise.all(slice.map((image) => hashOne(image)));
    if (!db.readonly) saveImageHashes(db, rows);
    for (const r of rows) made.set(r.imageHash, r);
    control?.progress(made.size, total);
    after = slice[slice.length - 1]!.hash;
  }
}

/**
 * Runs `work` (a duplicate check or a report) as a job with progress when the project has images not hashed yet, so
 * a first check of a big project shows how far it is instead of seeming to hang; with every image hashed, at once.
 */
export async function withImageHashing<T>(db: Db, jobs: JobRegistry, work: (control?: JobControl) => Promise<T>): Promise<T> {
  const missing = unhashedImageCount(db);
  if (missing === 0) return work();
  return jobs.start('hash-images', `Hashing ${missing} image${missing === 1 ? '' : 's'} for near duplicates`, 'images', (control) => work(control), {
    cancelMessage: () => 'stopped; the images hashed so far are kept',
  }).done;
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
