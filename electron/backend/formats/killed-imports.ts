import type { Db } from '../db/open';
import { deleteOrphanedImages } from '../items/integrity';
import { isStale, liveScratchFor, scratchFolders, sweepStaleScratch, type ScratchFolder } from '../scratch';

export interface KilledImportsCleaned {
  /** Scratch folders removed whose owner process was gone: this project's and those of work for no project. */
  folders: number;
  /** Images a killed import of this project had written that no item shows, and their bytes. */
  images: number;
  bytes: number;
}

/**
 * The stale scratch folders that concern a project: its own imports' and those of work for no project. Another
 * project's folder is left for that project's next open: it is the evidence that its images need a look.
 */
export function staleScratchOf(project: string): ScratchFolder[] {
  return scratchFolders().filter((f) => (!f.owner?.project || f.owner.project === project) && isStale(f));
}

/**
 * Deletes the images no item shows, unless an import of this project is alive: its images are unreferenced until it
 * publishes. Decided inside the write transaction: an import writes its owner file before its first image, so one
 * that starts after the check writes its images after the deletion. Null when an import was running.
 */
export function dropOrphanedImagesUnlessImporting(db: Db): { images: number; bytes: number } | null {
  return db.transaction(() => (liveScratchFor(db.name).length > 0 ? null : deleteOrphanedImages(db))).immediate();
}

/**
 * What a killed import left is removed on the next open of its project, or the next import into it (DECISIONS 149):
 * an import writes its images into the project before publishing its items, and marks its scratch folder with its
 * process and project first. Stale folders are removed; when one was this project's import, the images no item shows
 * are deleted too.
 */
export function cleanAfterKilledImports(db: Db): KilledImportsCleaned {
  const removed = sweepStaleScratch(staleScratchOf(db.name));
  const killedHere = removed.some((f) => f.owner?.project === db.name);
  const dropped = killedHere && !db.readonly ? dropOrphanedImagesUnlessImporting(db) : null;
  return { folders: removed.length, images: dropped?.images ?? 0, bytes: dropped?.bytes ?? 0 };
}
