import { sqliteCode } from '../db/failures';
import { closeDb, openForCheck, type Db } from '../db/open';
import { checkWholeFile, foreignKeyProblems, missingSchemaObjects, type ForeignKeyProblem } from '../db/schema-check';
import { dropOrphanedImagesUnlessImporting, staleScratchOf } from '../formats/killed-imports';
import { damagedImages, orphanedImages, type DamagedImage } from '../items/integrity';
import { sweepStaleScratch } from '../scratch';

/** What `anchor doctor project` found in a project file, and what `--fix` repaired (DECISIONS 148). */
export interface ProjectCheck {
  path: string;
  /** `PRAGMA integrity_check`'s findings: damaged pages and indexes. */
  integrity: string[];
  /** Tables, indexes and triggers the file's migrations made that it lacks. */
  missing: string[];
  /** Rows whose parent row is missing. */
  foreignKeys: ForeignKeyProblem[];
  /** Images whose bytes no longer match their SHA-256 key, with the items that show them. */
  images: { checked: number; damaged: DamagedImage[] };
  /** Images no item shows: dead weight, removed by --fix. */
  orphanedImages: { count: number; bytes: number; removed: boolean };
  /** Scratch folders of killed imports and other work whose process is gone, removed by --fix. */
  staleFolders: { folders: string[]; removed: boolean };
  /** Damage that remains (the first four): repairing it needs a copy or a backup, never --fix. */
  damaged: boolean;
}

export interface CheckOptions {
  fix: boolean;
  /** Told what is being checked now, for a terminal's progress line. */
  progress: (message: string) => void;
}

/** Checks a project file whole; with `fix`, removes orphaned images and stale scratch folders, and nothing else. */
export function checkProject(path: string, options: CheckOptions): ProjectCheck {
  const db = openForCheck(path, options.fix);
  try {
    options.progress('checking every page (integrity_check)');
    const integrity = checkWholeFile(db, true);
    const missing = missingSchemaObjects(db);
    options.progress('checking references between rows (foreign_key_check)');
    const foreignKeys = foreignKeyProblems(db);
    const images = unlessUnreadable(integrity, 'the images', () => damagedImages(db, (n) => options.progress(`re-hashing images: ${n} checked`)), { checked: 0, damaged: [] });
    const orphans = unlessUnreadable(integrity, 'the images', () => orphanedImages(db), []);
    const stale = staleScratchOf(path);
    const check: ProjectCheck = {
      path, integrity, missing, foreignKeys, images, damaged: integrity.length + missing.length + foreignKeys.length + images.damaged.length > 0,
      orphanedImages: { count: orphans.length, bytes: orphans.reduce((sum, o) => sum + o.size, 0), removed: false },
      staleFolders: { folders: stale.map((f) => f.path), removed: false },
    };
    if (options.fix) repairSafe(db, check);
    return check;
  } finally {
    closeDb(db);
  }
}

/** Runs a check that reads pages integrity_check may have found damaged: an unreadable page is one more finding. */
function unlessUnreadable<T>(integrity: string[], what: string, check: () => T, fallback: T): T {
  try {
    return check();
  } catch (error) {
    if (!sqliteCode(error)?.startsWith('SQLITE_CORRUPT')) throw error;
    integrity.push(`${what} could not be read: ${(error as Error).message}`);
    return fallback;
  }
}

/**
 * The repairs that lose nothing: stale scratch folders go, and then orphaned images, unless an import of this project
 * is running (its images are unreferenced until it publishes). Rows of answers, predictions and triplets are never
 * touched, nor is a damaged page: those need a copy or a backup.
 */
function repairSafe(db: Db, check: ProjectCheck): void {
  sweepStaleScratch(staleScratchOf(check.path));
  check.staleFolders.removed = true;
  // A damaged file is not written into: deleting rows moves pages, and the damage may lie in them.
  if (check.damaged || check.orphanedImages.count === 0) return;
  if (dropOrphanedImagesUnlessImporting(db) !== null) check.orphanedImages.removed = true;
}
