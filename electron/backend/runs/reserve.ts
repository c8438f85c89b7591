import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';

/**
 * The end of a run, kept beside the project when the project itself refused to record it (a full disk, a file that
 * may not grow). The file is written at full size when the run starts, while there is room, and filled in place when
 * the run ends, so recording the end needs no new space; the next open of the project copies it into the run's row.
 */
export const runEndSchema = z.object({
  runId: z.number().int(),
  status: z.enum(['done', 'paused', 'failed', 'cancelled']),
  error: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type RunEnd = z.infer<typeof runEndSchema>;

/** Room for the status and a message of any length a person reads; a longer message is cut to fit. */
const RESERVE_BYTES = 4096;

export function reservePath(projectPath: string, runId: number): string {
  return `${projectPath}-run-${runId}.end`;
}

/** A reserve left blank: the run is under way, or its process died before it could end it (the lease tells which). */
const blank = () => Buffer.alloc(RESERVE_BYTES, 0x20);

export class RunEndReserve {
  private constructor(private readonly path: string | null) {}

  /** Takes the room at the run's start; a folder that refuses the file gives a reserve that records nothing. */
  static take(projectPath: string, runId: number): RunEndReserve {
    const path = reservePath(projectPath, runId);
    try {
      writeInPlace(path, blank(), 'w');
      return new RunEndReserve(path);
    } catch {
      return new RunEndReserve(null);
    }
  }

  /** Fills the reserve in place (no new space); false when even that failed. */
  record(end: RunEnd): boolean {
    if (!this.path) return false;
    let text = JSON.stringify(end);
    if (Buffer.byteLength(text) > RESERVE_BYTES) text = JSON.stringify({ ...end, error: `${(end.error ?? '').slice(0, RESERVE_BYTES / 4)}…` });
    const bytes = blank();
    bytes.write(text, 0, 'utf8');
    try {
      writeInPlace(this.path, bytes, 'r+');
      return true;
    } catch {
      return false;
    }
  }

  /** The run's row holds how it ended: the reserve is no longer needed. */
  release(): void {
    if (this.path) removeQuietly(this.path);
  }
}

function writeInPlace(path: string, bytes: Buffer, flags: 'w' | 'r+'): void {
  const fd = openSync(path, flags);
  try {
    writeSync(fd, bytes, 0, bytes.length, 0);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Gone already, or the folder refuses: it is read again at the next open, which decides again.
  }
}

/** A reserve beside the project: its run, its file, and the end it records (null while blank). */
export interface FoundReserve { runId: number; path: string; end: RunEnd | null }

/** Every run-end reserve beside the project, read; one that cannot be read counts as blank. */
export function reservesBeside(projectPath: string): FoundReserve[] {
  const prefix = `${basename(projectPath)}-run-`;
  let names: string[];
  try {
    names = readdirSync(dirname(projectPath));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const id = name.startsWith(prefix) && name.endsWith('.end') ? Number(name.slice(prefix.length, -'.end'.length)) : NaN;
    if (!Number.isInteger(id)) return [];
    const path = join(dirname(projectPath), name);
    return [{ runId: id, path, end: readEnd(path, id) }];
  });
}

function readEnd(path: string, runId: number): RunEnd | null {
  try {
    const text = readFileSync(path, 'utf8').trim();
    const parsed = text ? runEndSchema.safeParse(JSON.parse(text)) : null;
    return parsed?.success && parsed.data.runId === runId ? parsed.data : null;
  } catch {
    return null;
  }
}
