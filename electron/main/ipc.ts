import type { IpcMainInvokeEvent } from 'electron';
import { CALL_CHANNEL, isMethodName, type CallResult } from '@shared/contract';
import type { Backend } from '../backend';

/** The pieces of Electron's ipcMain the adapter needs, passed in so tests can drive it without Electron. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void;
}

/**
 * The IPC adapter: one channel, every contract method. A call from a frame other than the app's own page, or for
 * a name outside the contract, is refused before it reaches a backend; each window reaches only its own project.
 */
export function registerIpc(
  ipcMain: IpcMainLike,
  backendFor: (event: IpcMainInvokeEvent) => Backend | null,
  isTrustedFrame: (url: string) => boolean,
): void {
  ipcMain.handle(CALL_CHANNEL, async (event, method, input): Promise<CallResult> => {
    const url = event.senderFrame?.url ?? '';
    if (!isTrustedFrame(url)) return { ok: false, error: { code: 'forbidden', message: `calls from ${url || 'an unknown frame'} are refused` } };
    if (!isMethodName(method)) return { ok: false, error: { code: 'unknown_method', message: `there is no method "${String(method)}"` } };
    const backend = backendFor(event);
    if (!backend) return { ok: false, error: { code: 'forbidden', message: 'this window has no project behind it' } };
    return backend.dispatch(method, input);
  });
}
