import type { IpcMainInvokeEvent } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../backend';
import { backendWithProject, tempDir } from '../../test/fixtures';
import { CALL_CHANNEL } from '@shared/contract';
import { registerIpc } from './ipc';

/** Electron's ipcMain is outside the project; this stands in for it with the one method the adapter uses. */
class IpcMainStandIn {
  readonly handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>();
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown) {
    this.handlers.set(channel, listener);
  }
  invoke(frameUrl: string, ...args: unknown[]) {
    return this.handlers.get(CALL_CHANNEL)!({ senderFrame: { url: frameUrl } } as unknown as IpcMainInvokeEvent, ...args);
  }
}

let cleanup: () => void;
let backend: Backend;
let ipc: IpcMainStandIn;
const app = 'file:///opt/anchor/resources/app.asar/dist/renderer/index.html';

beforeEach(async () => {
  const t = tempDir();
  cleanup = t.cleanup;
  ({ backend } = await backendWithProject(t.dir));
  ipc = new IpcMainStandIn();
  registerIpc(ipc, () => backend, (url) => url.startsWith('file:///opt/anchor/resources/app.asar/dist/renderer/'));
});
afterEach(async () => {
  await backend.close();
  cleanup();
});

describe('IPC adapter', () => {
  it('serves contract methods to the app’s own page', async () => {
    expect(await ipc.invoke(app, 'datasets.list', {})).toEqual({ ok: true, value: [] });
  });

  it('refuses a method outside the contract', async () => {
    expect(await ipc.invoke(app, 'fs.readFile', { path: '/etc/passwd' })).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });

  it('refuses calls from an unexpected frame', async () => {
    expect(await ipc.invoke('https://evil.example/', 'datasets.list', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await ipc.invoke('', 'datasets.list', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('IPC adapter with several windows', () => {
  it('refuses a call from a window that has no project behind it', async () => {
    const lonely = new IpcMainStandIn();
    registerIpc(lonely, () => null, () => true);
    expect(await lonely.invoke(app, 'datasets.list', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});
