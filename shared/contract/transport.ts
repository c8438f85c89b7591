import type { ApiError } from './errors';

/**
 * What every door answers a call with: IPC, HTTP and the in-process client. `unreachable` is set only by a renderer
 * transport whose request never got an answer (server stopped, network gone), so the call is worth sending again.
 */
export type CallResult = { ok: true; value: unknown } | { ok: false; error: ApiError; unreachable?: boolean };

/** The desktop window's two IPC channels, named once for the preload and the main process. */
export const CALL_CHANNEL = 'anchor:call';
export const EVENT_CHANNEL = 'anchor:event';
