import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import type { Backend } from '../backend';
import type { AppEvent } from '@shared/contract';
import { fitToDisplays, type DisplayArea, type WindowStateStore } from './window-state';

export interface WindowDeps {
  createWindow(options: BrowserWindowConstructorOptions): BrowserWindow;
  /** A backend on the project (null: the demo project). */
  openBackend(projectPath: string | null): Promise<Backend>;
  /** Each project's window size, position and maximised state, remembered between sessions. */
  windowState: WindowStateStore;
  displays(): DisplayArea[];
  harden(win: BrowserWindow): void;
  preload: string;
  rendererIndex: string;
  eventChannel: string;
}

interface Entry {
  win: BrowserWindow;
  backend: Backend;
  key: string;
}

const DEMO_KEY = '(demo)';

/**
 * One window per project, each with its own backend: opening a project that already has a window focuses it.
 * Window size, position and maximised state are remembered per project.
 */
export class WindowManager {
  private readonly byContents = new Map<number, Entry>();

  constructor(private readonly deps: WindowDeps) {}

  async open(projectPath: string | null): Promise<BrowserWindow> {
    const key = projectPath ?? DEMO_KEY;
    const existing = [...this.byContents.values()].find((e) => e.key === key);
    if (existing) {
      if (existing.win.isMinimized()) existing.win.restore();
      existing.win.focus();
      return existing.win;
    }
    const backend = await this.deps.openBackend(projectPath);
    const { project } = await backend.call('app.info');
    const bounds = fitToDisplays(this.deps.windowState.get(key), this.deps.displays());
    const win = this.deps.createWindow({
      ...(bounds.x !== undefined ? { x: bounds.x, y: bounds.y } : {}),
      width: bounds.width,
      height: bounds.height,
      minWidth: 900,
      minHeight: 600,
      show: false,
      title: `Anchor Studio — ${project?.name ?? 'no project'}`,
      backgroundColor: '#111519',
      webPreferences: {
        preload: this.deps.preload, contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true,
        // Middle-click must not open links in new windows.
        disableBlinkFeatures: 'Auxclick',
      },
    });
    this.deps.harden(win);
    const contentsId = win.webContents.id;
    this.byContents.set(contentsId, { win, backend, key });
    const forward = (event: AppEvent) => {
      if (!win.isDestroyed()) win.webContents.send(this.deps.eventChannel, event);
    };
    const off = backend.events.on(forward);
    win.once('ready-to-show', () => {
      if (bounds.maximized) win.maximize();
      win.show();
    });
    win.on('close', () => {
      this.deps.windowState.set(key, { ...win.getNormalBounds(), maximized: win.isMaximized() });
    });
    win.on('closed', () => {
      off();
      this.byContents.delete(contentsId);
      void backend.close();
    });
    await win.loadFile(this.deps.rendererIndex);
    return win;
  }

  /** The backend behind the window whose page sent an IPC call. */
  backendFor(webContentsId: number): Backend | null {
    return this.byContents.get(webContentsId)?.backend ?? null;
  }

  backends(): Backend[] {
    return [...this.byContents.values()].map((e) => e.backend);
  }

  sendTo(webContentsId: number, event: AppEvent): void {
    const entry = this.byContents.get(webContentsId);
    if (entry && !entry.win.isDestroyed()) entry.win.webContents.send(this.deps.eventChannel, event);
  }

  /** Finishes writes and checkpoints every project (graceful shutdown). */
  async closeAll(): Promise<void> {
    const entries = [...this.byContents.values()];
    for (const e of entries) {
      if (!e.win.isDestroyed()) this.deps.windowState.set(e.key, { ...e.win.getNormalBounds(), maximized: e.win.isMaximized() });
    }
    await Promise.all(entries.map((e) => e.backend.close()));
  }
}
