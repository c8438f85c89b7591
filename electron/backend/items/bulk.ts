import type { Db } from '../db/open';
import { copyAttachedItems, deleteImageIfUnreferenced, insertImageRow, type NewImage } from './store';

/** What imports write in bulk: images as they are decoded, then a staged dataset's items in one set-based copy. */

export type { NewImage };

/** Stores one decoded image unless the project has it; true when this call added it. Per image: no transaction here. */
export function storeImage(db: Db, image: NewImage): boolean {
  return insertImageRow(db, image);
}

/** Deletes those of `hashes` that no item refers to, in one transaction (a failed import's own images). */
export function dropUnusedImages(db: Db, hashes: readonly string[]): void {
  db.transaction(() => hashes.forEach((hash) => deleteImageIfUnreferenced(db, hash)))();
}

/** Copies the items of a database attached as `schema` into the dataset (see `copyAttachedItems` for its tables). */
export function copyItemsFromAttached(db: Db, schema: string, datasetId: number, updatedAt: string): void {
  copyAttachedItems(db, schema, datasetId, updatedAt);
}
