import type { AppEvent } from '@shared/contract';
import { readEvent, readEventText } from './wire';

/** What the Electron preload exposes as `window.anchor` (see electron/preload/preload.ts). */
interface DesktopBridge {
  methods: string[];
  mediaBase: string;
  // What crosses IPC is read like what crosses HTTP (`wire.ts`), so the bridge's answers are not trusted by type.
  call(method: string, input: unknown): Promise<unknown>;
  onEvent(listener: (event: unknown) => void): () => void;
}

declare global {
  interface Window {
    anchor?: DesktopBridge;
  }
}

export interface Transport {
  kind: 'ipc' | 'http';
  /** What the door answered, not yet read: `call` reads it with the method's output schema (`wire.ts`). */
  call(method: string, input: unknown): Promise<unknown>;
  /** Sends a call that must outlive the page (a save on `pagehide`); nobody waits for its answer. */
  sendOnLeave(method: string, input: unknown): void;
  subscribe(listener: (event: AppEvent) => void): () => void;
  mediaUrl(hash: string, thumb: boolean): string;
}

/** Hands on only events of the contract's shape; another shape is said once on the console, with its code, and dropped. */
function checked(listener: (event: AppEvent) => void, read: (raw: unknown) => ReturnType<typeof readEvent>) {
  return (raw: unknown) => {
    const result = read(raw);
    if (result.ok) listener(result.event);
    else console.error(`[${result.error.code}] ${result.error.message}`);
  };
}

function ipcTransport(bridge: DesktopBridge): Transport {
  return {
    kind: 'ipc',
    call: (method, input) => bridge.call(method, input),
    // The main process outlives the window, so an ordinary call completes after a reload.
    sendOnLeave: (method, input) => void bridge.call(method, input),
    subscribe: (listener) => bridge.onEvent(checked(listener, readEvent)),
    mediaUrl: (hash, thumb) => `${bridge.mediaBase}${thumb ? 'thumb' : 'image'}/${hash}`,
  };
}

/** Said to whoever is working when the server does not answer: what happened and that their work is safe. */
export const UNREACHABLE = 'The studio server cannot be reached right now. Your work is kept on this computer and sent when it is back.';
/** A window event fired when the event stream (re)connects: the server answers again. */
export const BACKEND_BACK = 'anchor:backend-back';

function post(method: string, input: unknown, keepalive: boolean): Promise<Response> {
  return fetch(`api/${encodeURIComponent(method)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input ?? {}),
    keepalive,
  });
}

function httpTransport(): Transport {
  return {
    kind: 'http',
    async call(method, input): Promise<unknown> {
      let response: Response;
      try {
        response = await post(method, input, false);
      } catch {
        return { ok: false, unreachable: true, error: { code: 'internal', message: UNREACHABLE } };
      }
      try {
        const body: unknown = await response.json();
        return body;
      } catch {
        // A proxy in front of a stopped server answers 502/503: as unreachable as no answer at all.
        if (response.status >= 500) return { ok: false, unreachable: true, error: { code: 'internal', message: UNREACHABLE } };
        return { ok: false, error: { code: 'internal', message: `The studio server gave an answer it cannot read (HTTP ${response.status}).` } };
      }
    },
    sendOnLeave(method, input) {
      // keepalive lets the browser finish the request after the page is gone (bodies up to 64 kB).
      post(method, input, true).catch(() => undefined);
    },
    subscribe(listener) {
      const source = new EventSource('api/events');
      const onData = checked(listener, readEventText);
      source.onmessage = (message: MessageEvent<unknown>) => onData(message.data);
      // The stream reconnects by itself; each (re)connection tells waiting forms the server is back.
      source.onopen = () => window.dispatchEvent(new Event(BACKEND_BACK));
      return () => source.close();
    },
    mediaUrl: (hash, thumb) => `media/${thumb ? 'thumb' : 'image'}/${hash}`,
  };
}

export const transport: Transport = window.anchor ? ipcTransport(window.anchor) : httpTransport();
