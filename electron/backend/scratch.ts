import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { processGone, thisHost } from './processes';

/**
 * Scratch folders of long work (an import's stage file, re-encoded text, drawn variants), each marked with its owner:
 * the process, the machine and the project it works for. A process killed with SIGKILL runs no clean-up, so the next
 * open or import of the project removes the folders whose owner is gone (DECISIONS 149).
 */

/** The kinds of scratch folder; a folder's name is `anchor-<kind>-` and six random characters. */
export type ScratchKind = 'import' | 'text' | 'variants';
const KINDS: readonly ScratchKind[] = ['import', 'text', 'variants'];
const prefixOf = (kind: ScratchKind) => `anchor-${kind}-`;
const OWNER_FILE = '.owner.json';
/** A folder without an owner file (made by an older build, or cut short before it was written) is stale after this. */
const UNOWNED_STALE_MS = 24 * 60 * 60 * 1000;

const ownerSchema = z.object({
  pid: z.number().int(),
  host: z.string(),
  /** The project the work writes into; null for work that writes none. */
  project: z.string().nullable(),
  startedAt: z.string(),
});
export type ScratchOwner = z.infer<typeof ownerSchema>;

export interface ScratchFolder {
  path: string;
  owner: ScratchOwner | null;
}

/** A folder in the system's temporary folder, owned by this process; its owner file is written before it is used. */
export function makeScratchDir(kind: ScratchKind, project: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), prefixOf(kind)));
  const owner: ScratchOwner = { pid: process.pid, host: thisHost, project, startedAt: new Date().toISOString() };
  writeFileSync(join(dir, OWNER_FILE), JSON.stringify(owner));
  return dir;
}

function readOwner(dir: string): ScratchOwner | null {
  try {
    const parsed = ownerSchema.safeParse(JSON.parse(readFileSync(join(dir, OWNER_FILE), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The scratch folders in the temporary folder, with their owners where recorded. */
export function scratchFolders(root = tmpdir()): ScratchFolder[] {
  let names: string[];
  try {
    names = readdirSync(root).filter((n) => KINDS.some((kind) => n.startsWith(prefixOf(kind))));
  } catch {
    return [];
  }
  const found: ScratchFolder[] = [];
  for (const name of names) {
    const path = join(root, name);
    try {
      if (!statSync(path).isDirectory()) continue;
    } catch {
      continue;
    }
    found.push({ path, owner: readOwner(path) });
  }
  return found;
}

/**
 * Whether a scratch folder is stale: its owner process is gone, or it has no owner and was last changed over a day ago
 * (a folder seconds old may be one whose owner file is about to be written).
 */
export function isStale(folder: ScratchFolder, nowMs = Date.now()): boolean {
  if (folder.owner) return processGone(folder.owner.pid, folder.owner.host);
  try {
    return nowMs - statSync(folder.path).mtimeMs > UNOWNED_STALE_MS;
  } catch {
    return false;
  }
}

/** The folders that are working on `project` right now (their owner is alive). */
export function liveScratchFor(project: string, folders = scratchFolders()): ScratchFolder[] {
  return folders.filter((f) => f.owner?.project === project && !isStale(f));
}

/** Removes stale scratch folders and returns what it removed; one that cannot be removed is left to the next sweep. */
export function sweepStaleScratch(folders = scratchFolders()): ScratchFolder[] {
  const removed: ScratchFolder[] = [];
  for (const folder of folders) {
    if (!isStale(folder)) continue;
    try {
      rmSync(folder.path, { recursive: true, force: true });
      removed.push(folder);
    } catch {
      // Another user's folder, or one being removed by someone else: nothing of ours to lose.
    }
  }
  return removed;
}
