import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export interface DisplayArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_BOUNDS: WindowBounds = { width: 1400, height: 900, maximized: false };
const MIN = { width: 900, height: 600 };

/**
 * Keeps a remembered window on a display that still exists: a window saved on an unplugged monitor would
 * otherwise open off-screen, where nobody can reach it.
 */
export function fitToDisplays(bounds: WindowBounds, displays: readonly DisplayArea[]): WindowBounds {
  const width = Math.max(MIN.width, bounds.width);
  const height = Math.max(MIN.height, bounds.height);
  if (bounds.x === undefined || bounds.y === undefined) return { width, height, maximized: bounds.maximized };
  const { x, y } = bounds;
  const visible = displays.some((d) => x + 100 > d.x && y + 50 > d.y && x < d.x + d.width - 100 && y < d.y + d.height - 50);
  return visible ? { x, y, width, height, maximized: bounds.maximized } : { width, height, maximized: bounds.maximized };
}

/** Window size and position per project, in one JSON file in the user's data folder. */
export class WindowStateStore {
  constructor(private readonly file: string) {}

  get(key: string): WindowBounds {
    return this.read()[key] ?? DEFAULT_BOUNDS;
  }

  set(key: string, bounds: WindowBounds): void {
    const all = this.read();
    all[key] = bounds;
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(all, null, 2));
  }

  private read(): Record<string, WindowBounds> {
    if (!existsSync(this.file)) return {};
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, WindowBounds>) : {};
    } catch {
      return {};
    }
  }
}
