import { app, BrowserWindow, ipcMain, protocol, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createBackend, type Backend } from '../backend';
import { EVENT_CHANNEL, registerIpc } from './ipc';
import { MEDIA_SCHEME, serveMedia } from './media-protocol';

protocol.registerSchemesAsPrivileged([{ scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

const rendererIndex = join(__dirname, '..', 'renderer', 'index.html');
const rendererUrl = pathToFileURL(rendererIndex).href;
const trusted = (url: string) => url.startsWith(pathToFileURL(join(__dirname, '..', 'renderer')).href);

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    title: 'Anchor Studio',
    backgroundColor: '#101418',
    webPreferences: {
      preload: join(__dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https:')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (url !== rendererUrl) event.preventDefault();
  });
  void win.loadFile(rendererIndex);
  return win;
}

async function start(): Promise<void> {
  const gotLock = app.requestSingleInstanceLock();
  if (!gotLock) return app.quit();
  await app.whenReady();
  const projectArg = process.argv.find((a) => a.endsWith('.anchor'));
  const backend: Backend = await createBackend({
    dataDir: app.getPath('userData'),
    desktop: true,
    defaultUser: 'local',
    ...(projectArg ? { projectPath: projectArg } : { demo: true }),
  });
  protocol.handle(MEDIA_SCHEME, (request) => serveMedia(backend, request.url));
  registerIpc(ipcMain, backend, trusted);
  backend.events.on((event) => {
    for (const win of BrowserWindow.getAllWindows()) win.webContents.send(EVENT_CHANNEL, event);
  });
  createWindow();
  app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => void backend.close());
}

void start();
