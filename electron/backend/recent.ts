import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MAX_RECENT = 12;

interface Recent {
  path: string;
  openedAt: string;
}

/** Recently opened projects, kept in the user's data folder (never in a project: it is about this machine). */
export class RecentProjects {
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'recent-projects.json');
  }

  list(): (Recent & { exists: boolean })[] {
    return this.read().map((r) => ({ ...r, exists: existsSync(r.path) }));
  }

  touch(path: string, at: Date): void {
    const rest = this.read().filter((r) => r.path !== path);
    const next = [{ path, openedAt: at.toISOString() }, ...rest].slice(0, MAX_RECENT);
    mkdirSync(join(this.file, '..'), { recursive: true });
    writeFileSync(this.file, JSON.stringify(next, null, 2));
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
