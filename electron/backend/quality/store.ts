import type { Db } from '../db/open';

/** An image still without a stored hash, with what is needed to decide whether to decode it. */
export interface UnhashedImage { hash: string; width: number; height: number; bytes: Buffer }

/**
 * Up to `limit` images after key `after` that items show and that have no stored hash yet (a slice: a project's
 * images may not fit in memory; by key, so a read-only project, where nothing is stored, still moves on).
 */
export function unhashedImages(db: Db, after: string, limit: number): UnhashedImage[] {
  return db.prepare<[string, number], UnhashedImage>(`SELECT im.hash, im.width, im.height, im.bytes FROM images im
    WHERE im.hash > ? AND EXISTS (SELECT 1 FROM item_images ii WHERE ii.image_hash = im.hash)
      AND NOT EXISTS (SELECT 1 FROM image_dhashes h WHERE h.image_hash = im.hash)
    ORDER BY im.hash LIMIT ?`).all(after, limit);
}

/** How many images items show have no stored hash yet: what a first check will decode. */
export function unhashedImageCount(db: Db): number {
  return db.prepare<[], number>(`SELECT count(*) FROM images im
    WHERE EXISTS (SELECT 1 FROM item_images ii WHERE ii.image_hash = im.hash)
      AND NOT EXISTS (SELECT 1 FROM image_dhashes h WHERE h.image_hash = im.hash)`).pluck().get() ?? 0;
}

export interface StoredHash { imageHash: string; whole: string | null; inner: string | null; flat: boolean; error: string | null }

export function saveImageHashes(db: Db, rows: readonly StoredHash[]): void {
  const insert = db.prepare<[string, string | null, string | null, number, string | null]>(
    'INSERT OR REPLACE INTO image_dhashes (image_hash, whole_hash, inner_hash, flat, error) VALUES (?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const r of rows) insert.run(r.imageHash, r.whole, r.inner, r.flat ? 1 : 0, r.error);
  })();
}

/** One item's use of an image: the image's stored hashes (null when not stored) and where the item stands. */
export interface ImageUseRow {
  image_hash: string; whole_hash: string | null; inner_hash: string | null; flat: number | null;
  item_id: number; ext_id: string; dataset_id: number; dataset: string; position: number;
}

/** Every item image of the project with its stored hashes, oldest dataset and first item first. */
export function imageUses(db: Db): ImageUseRow[] {
  return db.prepare<[], ImageUseRow>(`SELECT ii.image_hash, h.whole_hash, h.inner_hash, h.flat, i.id AS item_id, i.ext_id, i.dataset_id, d.name AS dataset, i.position
    FROM item_images ii LEFT JOIN image_dhashes h ON h.image_hash = ii.image_hash JOIN items i ON i.id = ii.item_id JOIN datasets d ON d.id = i.dataset_id
    ORDER BY i.dataset_id, i.position, ii.position`).all();
}

/** Images items show that could not be hashed, and why. */
export function unhashableImages(db: Db): { imageHash: string; reason: string }[] {
  return db.prepare<[], { imageHash: string; reason: string }>(`SELECT h.image_hash AS imageHash, coalesce(h.error, '') AS reason FROM image_dhashes h
    WHERE h.whole_hash IS NULL AND EXISTS (SELECT 1 FROM item_images ii WHERE ii.image_hash = h.image_hash) ORDER BY h.image_hash`).all();
}

/** A question with its item's image keys in order (comma-separated, '' for none). */
export interface QuestionKeyRow { id: number; item_id: number; ext_id: string; dataset_id: number; dataset: string; role: string; text: string; images: string }

/** Every question of the project, oldest dataset and first item first. */
export function questionKeyRows(db: Db): QuestionKeyRow[] {
  return db.prepare<[], QuestionKeyRow>(`SELECT q.id, q.item_id, i.ext_id, i.dataset_id, d.name AS dataset, q.role, q.text,
      coalesce((SELECT group_concat(image_hash, ',') FROM (SELECT image_hash FROM item_images ii WHERE ii.item_id = i.id ORDER BY ii.position)), '') AS images
    FROM questions q JOIN items i ON i.id = q.item_id JOIN datasets d ON d.id = i.dataset_id
    ORDER BY i.dataset_id, i.position, q.role_rank, q.id`).all();
}
