import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MAX_RECENT = 12;

interface Recent {
  path: string;
  openedAt: string;
  /** The desktop profile last chosen in that project. */
  profile?: string | null;
  /** The file as this machine's last clean close left it (size, modification time). */
  closedAs?: { size: number; mtimeMs: number } | null;
}

/** Recently opened projects, kept in the user's data folder (never in a project: it is about this machine). */
export class RecentProjects {
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'recent-projects.json');
  }

  list(): { path: string; openedAt: string; exists: boolean }[] {
    return this.read().map((r) => ({ path: r.path, openedAt: r.openedAt, exists: existsSync(r.path) }));
  }

  touch(path: string, at: Date): void {
    const all = this.read();
    const previous = all.find((r) => r.path === path);
    this.write([{ ...previous, path, openedAt: at.toISOString() }, ...all.filter((r) => r !== previous)]);
  }

  profileOf(path: string): string | null {
    return this.read().find((r) => r.path === path)?.profile ?? null;
  }

  setProfile(path: string, profile: string | null): void {
    this.write(this.read().map((r) => (r.path === path ? { ...r, profile } : r)));
  }

  closedAs(path: string): { size: number; mtimeMs: number } | null {
    const stamp = this.read().find((r) => r.path === path)?.closedAs;
    return stamp && typeof stamp.size === 'number' && typeof stamp.mtimeMs === 'number' ? stamp : null;
  }

  /** Records how a clean close left the file; a project no longer in the list is not added back. */
  setClosedAs(path: string, stamp: { size: number; mtimeMs: number } | null): void {
    this.write(this.read().map((r) => (r.path === path ? { ...r, closedAs: stamp } : r)));
  }

  private write(list: Recent[]): void {
    mkdirSync(join(this.file, '..'), { recursive: true });
    writeFileSync(this.file, JSON.stringify(list.slice(0, MAX_RECENT), null, 2));
  }

  private read(): Recent[] {
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return Array.isArray(parsed) ? (parsed as Recent[]).filter((r) => typeof r?.path === 'string') : [];
    } catch {
      return [];
    }
  }
}
