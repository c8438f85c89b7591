import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Electron from 'electron';
import { createBackend } from '../backend';
import { RecentProjects } from '../backend/recent';
import { EVENT_CHANNEL } from '@shared/contract';
import { registerIpc } from './ipc';
import { MEDIA_SCHEME, serveMedia } from './media-protocol';
import { buildMenuTemplate } from './menu';
import { denyPermissions, hardenWindow } from './security';
import { WindowStateStore } from './window-state';
import { WindowManager } from './windows';

type ElectronApi = typeof Electron;

/** `*.anchor` paths among command-line arguments (file association and second instances pass them this way). */
export function projectArgs(argv: readonly string[]): string[] {
  return argv.filter((a) => a.endsWith('.anchor') && !a.startsWith('-'));
}

/** The window manager: hardened, sandboxed windows each with its own backend on one project (or the demo). */
function createWindows(electron: ElectronApi, distDir: string, userData: string, isTrusted: (url: string) => boolean): WindowManager {
  const { BrowserWindow, safeStorage, screen, shell } = electron;
  const rendererDir = join(distDir, 'renderer');
  return new WindowManager({
    // Options come from WindowManager: contextIsolation, sandbox, no nodeIntegration, Auxclick disabled (tested).
    createWindow: (options) => new BrowserWindow(options), // eng-disable CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK AUXCLICK_JS_CHECK
    // API keys typed in Settings are encrypted by the OS keychain (Keychain, DPAPI, libsecret) through safeStorage.
    openBackend: (path) => createBackend({ dataDir: userData, desktop: true, secrets: safeStorage, ...(path ? { projectPath: path } : { demo: true }) }),
    windowState: new WindowStateStore(join(userData, 'window-state.json')),
    displays: () => screen.getAllDisplays().map((d) => d.workArea),
    // hardenWindow passes only https:// URLs here.
    harden: (win) => hardenWindow(win, { isTrusted, openExternal: (url) => void shell.openExternal(url) }), // eng-disable OPEN_EXTERNAL_JS_CHECK
    preload: join(distDir, 'electron', 'preload.cjs'),
    rendererIndex: join(rendererDir, 'index.html'),
    eventChannel: EVENT_CHANNEL,
  });
}

/** Opening projects (each in its window, remembered among the recent ones) and the menu that lists them. */
function projectOpener(electron: ElectronApi, windows: WindowManager, recent: RecentProjects, userData: string) {
  const { BrowserWindow, dialog, Menu } = electron;

  async function openProject(path: string | null): Promise<void> {
    try {
      await windows.open(path);
      if (path) recent.touch(path, new Date());
      refreshMenu();
    } catch (error) {
      dialog.showErrorBox('Cannot open the project', (error as Error).message);
    }
  }

  function refreshMenu(): void {
    const template = buildMenuTemplate({
      newProject: async () => {
        const r = await dialog.showSaveDialog({ title: 'New project', defaultPath: 'benchmark.anchor', filters: [{ name: 'Anchor project', extensions: ['anchor'] }] });
        if (r.canceled || !r.filePath) return;
        const path = r.filePath.endsWith('.anchor') ? r.filePath : `${r.filePath}.anchor`;
        if (!existsSync(path)) {
          const b = await createBackend({ dataDir: userData });
          await b.call('projects.create', { path }).finally(() => b.close());
        }
        await openProject(path);
      },
      openProject: async () => {
        const r = await dialog.showOpenDialog({ title: 'Open project', properties: ['openFile'], filters: [{ name: 'Anchor project', extensions: ['anchor'] }] });
        if (!r.canceled && r.filePaths[0]) await openProject(r.filePaths[0]);
      },
      openRecent: (path) => void openProject(path),
      openDemo: () => void openProject(null),
      command: (command) => {
        const id = BrowserWindow.getFocusedWindow()?.webContents.id ?? null;
        if (id !== null) windows.sendTo(id, { type: 'ui.command', command });
      },
    }, recent.list().filter((r) => r.exists).map((r) => r.path), process.platform);
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  }

  return { openProject, refreshMenu };
}

/** Second instances, closed windows, the dock icon and quitting. */
function followAppLifecycle(electron: ElectronApi, windows: WindowManager, openProject: (path: string | null) => Promise<void>): void {
  const { app, BrowserWindow } = electron;
  app.on('second-instance', (_event, argv) => {
    const paths = projectArgs(argv);
    if (paths.length) for (const p of paths) void openProject(p);
    else BrowserWindow.getAllWindows()[0]?.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void openProject(null);
  });
  // Graceful shutdown: hold the quit until every project has finished its writes and checkpointed its WAL.
  let closing = false;
  app.on('before-quit', (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    void windows.closeAll().finally(() => app.exit(0));
  });
}

/** Starts the desktop app with Electron's API passed in, so the wiring stays readable and the parts testable. */
export async function startDesktop(electron: ElectronApi, distDir: string): Promise<void> {
  const { app, ipcMain, protocol, session } = electron;
  protocol.registerSchemesAsPrivileged([{ scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }]);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const rendererUrl = pathToFileURL(join(distDir, 'renderer')).href;
  const isTrusted = (url: string) => url.startsWith(`${rendererUrl}/`);
  const pending: string[] = projectArgs(process.argv);
  let opener: ReturnType<typeof projectOpener> | null = null;
  app.on('open-file', (event, path) => {
    event.preventDefault();
    if (app.isReady() && opener) void opener.openProject(path);
    else pending.push(path);
  });

  await app.whenReady();
  const userData = app.getPath('userData');
  const recent = new RecentProjects(userData);
  denyPermissions(session.defaultSession);
  const windows = createWindows(electron, distDir, userData, isTrusted);
  opener = projectOpener(electron, windows, recent, userData);
  const { openProject, refreshMenu } = opener;

  protocol.handle(MEDIA_SCHEME, (request) => serveMedia(windows.backends(), request.url));
  registerIpc(ipcMain, (event) => windows.backendFor(event.sender.id), isTrusted);
  followAppLifecycle(electron, windows, openProject);

  refreshMenu();
  if (pending.length === 0) await openProject(null);
  for (const path of pending.splice(0)) await openProject(path);
}
