import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import type { BrowserWindow, BrowserWindowConstructorOptions, MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../backend';
import { png, tempDir } from '../../test/fixtures';
import { projectArgs } from './app';
import { serveMedia } from './media-protocol';
import { buildMenuTemplate } from './menu';
import { hardenWindow } from './security';
import { DEFAULT_BOUNDS, fitToDisplays, WindowStateStore } from './window-state';
import { WindowManager } from './windows';

/** Stands in for Electron's BrowserWindow (outside the project) with the behaviour the window manager relies on. */
class WindowStandIn extends EventEmitter {
  static nextId = 1;
  readonly webContents = Object.assign(new EventEmitter(), {
    id: WindowStandIn.nextId++,
    sent: [] as unknown[],
    send(_channel: string, event: unknown) { this.sent.push(event); },
    openHandler: null as null | ((d: { url: string }) => { action: string }),
    setWindowOpenHandler(fn: (d: { url: string }) => { action: string }) { this.openHandler = fn; },
  });
  focused = 0;
  destroyed = false;
  maximized = false;
  constructor(readonly options: BrowserWindowConstructorOptions) { super(); }
  isMinimized() { return false; }
  restore() {}
  focus() { this.focused++; }
  show() {}
  maximize() { this.maximized = true; }
  isMaximized() { return this.maximized; }
  isDestroyed() { return this.destroyed; }
  getNormalBounds() { return { x: 40, y: 30, width: 1200, height: 800 }; }
  async loadFile() { this.emit('ready-to-show'); }
  close() { this.emit('close'); this.destroyed = true; this.emit('closed'); }
}

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

describe('window state', () => {
  it('remembers bounds per project and keeps windows on a display that exists', () => {
    const store = new WindowStateStore(join(dir, 'state.json'));
    expect(store.get('a')).toEqual(DEFAULT_BOUNDS);
    store.set('a', { x: 3000, y: 100, width: 1000, height: 700, maximized: true });
    expect(new WindowStateStore(join(dir, 'state.json')).get('a')).toMatchObject({ x: 3000, maximized: true });
    const laptop = [{ x: 0, y: 0, width: 1920, height: 1080 }];
    expect(fitToDisplays(store.get('a'), laptop)).toEqual({ width: 1000, height: 700, maximized: true });
    expect(fitToDisplays(store.get('a'), [...laptop, { x: 1920, y: 0, width: 2560, height: 1440 }])).toMatchObject({ x: 3000, y: 100 });
    expect(fitToDisplays({ width: 200, height: 100, maximized: false }, laptop)).toMatchObject({ width: 900, height: 600 });
  });
});

describe('window manager', () => {
  const created: WindowStandIn[] = [];
  const backends: Backend[] = [];
  const manager = () => new WindowManager({
    createWindow: (options) => {
      const w = new WindowStandIn(options);
      created.push(w);
      return w as unknown as BrowserWindow;
    },
    openBackend: async (path) => {
      const b = await createBackend({ dataDir: join(dir, 'data'), ...(path ? {} : { demo: true }) });
      if (path) await b.call('projects.create', { path });
      backends.push(b);
      return b;
    },
    windowState: new WindowStateStore(join(dir, 'state.json')),
    displays: () => [{ x: 0, y: 0, width: 1920, height: 1080 }],
    harden: () => undefined,
    preload: '/app/preload.cjs',
    rendererIndex: '/app/index.html',
    eventChannel: 'anchor:event',
  });

  it('opens one sandboxed window per project, focuses it when opened again, and routes calls and events to it', async () => {
    created.length = 0;
    const m = manager();
    const a = join(dir, 'a.anchor');
    await m.open(a);
    await m.open(a);
    expect(created).toHaveLength(1);
    expect(created[0]!.focused).toBe(1);
    expect(created[0]!.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, preload: '/app/preload.cjs' });
    const b = join(dir, 'b.anchor');
    await m.open(b);
    expect(created).toHaveLength(2);
    const backendA = m.backendFor(created[0]!.webContents.id)!;
    expect((await backendA.call('app.info')).project?.path).toBe(a);
    expect((await m.backendFor(created[1]!.webContents.id)!.call('app.info')).project?.path).toBe(b);
    backendA.events.changed(['datasets']);
    expect(created[0]!.webContents.sent).toEqual([{ type: 'data.changed', scopes: ['datasets'] }]);
    expect(created[1]!.webContents.sent).toEqual([]);
    created[0]!.close();
    expect(m.backendFor(created[0]!.webContents.id)).toBeNull();
    expect(new WindowStateStore(join(dir, 'state.json')).get(a)).toEqual({ x: 40, y: 30, width: 1200, height: 800, maximized: false });
    await m.closeAll();
    for (const bk of backends) await bk.close();
  });
});

describe('security', () => {
  it('denies new windows and navigation away from the app, sending https links to the system browser', () => {
    const win = new WindowStandIn({});
    const opened: string[] = [];
    hardenWindow(win as unknown as BrowserWindow, { isTrusted: (u) => u.startsWith('file:///app/'), openExternal: (u) => opened.push(u) });
    expect(win.webContents.openHandler!({ url: 'https://example.org/paper' })).toEqual({ action: 'deny' });
    expect(win.webContents.openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.org/paper']);
    let prevented = 0;
    const event = { preventDefault: () => prevented++ };
    win.webContents.emit('will-navigate', event, 'https://evil.example/');
    win.webContents.emit('will-navigate', event, 'file:///app/index.html');
    win.webContents.emit('will-attach-webview', event);
    expect(prevented).toBe(2);
  });
});

describe('menu', () => {
  it('offers the studio’s commands with shortcuts and lists recent projects', () => {
    const commands: string[] = [];
    const opened: string[] = [];
    const template = buildMenuTemplate({
      newProject: () => undefined, openProject: () => undefined, openDemo: () => undefined,
      openRecent: (p) => opened.push(p), command: (c) => commands.push(c),
    }, ['/data/x.anchor'], 'linux');
    const items = template.flatMap((m) => (Array.isArray(m.submenu) ? m.submenu : [])) as MenuItemConstructorOptions[];
    const byLabel = (label: string) => items.find((i) => i.label === label)!;
    (byLabel('Import Files…').click as () => void)();
    (byLabel('Datasets').click as () => void)();
    expect(commands).toEqual(['import', 'go.datasets']);
    expect(byLabel('Open Project…').accelerator).toBe('CmdOrCtrl+O');
    const recent = (byLabel('Open Recent').submenu as MenuItemConstructorOptions[])[0]!;
    (recent.click as () => void)();
    expect(opened).toEqual(['/data/x.anchor']);
  });

  it('finds project files among command-line arguments', () => {
    expect(projectArgs(['/opt/anchor', '--flag', '/data/a.anchor', 'b.anchor'])).toEqual(['/data/a.anchor', 'b.anchor']);
  });
});

describe('image protocol', () => {
  it('serves an image by hash from whichever open project holds it, and nothing by path', async () => {
    const one = await createBackend({ dataDir: join(dir, 'd1') });
    await one.call('projects.create', { path: join(dir, 'one.anchor') });
    const two = await createBackend({ dataDir: join(dir, 'd2') });
    await two.call('projects.create', { path: join(dir, 'two.anchor') });
    const file = join(dir, 'q.jsonl');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'i.png'), png(5, 5, '#ff0000'));
    writeFileSync(file, `${JSON.stringify({ question: 'q?', image: 'i.png' })}\n`);
    await two.call('imports.run', { files: [file] });
    const hash = (await two.call('questions.list', {})).rows[0]!.firstImage!;
    const ok = await serveMedia([one, two], `anchor-media://image/${hash}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect((await serveMedia([one], `anchor-media://image/${hash}`)).status).toBe(404);
    expect((await serveMedia([one, two], 'anchor-media://image/../../etc/passwd')).status).toBe(404);
    await one.close();
    await two.close();
  });
});
