import type { ApiError, AppEvent } from '../../../shared/contract';

export type CallResult = { ok: true; value: unknown } | { ok: false; error: ApiError };

/** What the Electron preload exposes as `window.anchor` (see electron/preload/preload.ts). */
interface DesktopBridge {
  methods: string[];
  mediaBase: string;
  call(method: string, input: unknown): Promise<CallResult>;
  onEvent(listener: (event: AppEvent) => void): () => void;
}

declare global {
  interface Window {
    anchor?: DesktopBridge;
  }
}

export interface Transport {
  kind: 'ipc' | 'http';
  call(method: string, input: unknown): Promise<CallResult>;
  subscribe(listener: (event: AppEvent) => void): () => void;
  mediaUrl(hash: string, thumb: boolean): string;
}

function ipcTransport(bridge: DesktopBridge): Transport {
  return {
    kind: 'ipc',
    call: (method, input) => bridge.call(method, input),
    subscribe: (listener) => bridge.onEvent(listener),
    mediaUrl: (hash, thumb) => `${bridge.mediaBase}${thumb ? 'thumb' : 'image'}/${hash}`,
  };
}

function httpTransport(): Transport {
  return {
    kind: 'http',
    async call(method, input) {
      let response: Response;
      try {
        response = await fetch(`api/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(input ?? {}),
        });
      } catch {
        return { ok: false, error: { code: 'internal', message: 'the studio server is not reachable; is `anchor serve` still running?' } };
      }
      try {
        return (await response.json()) as CallResult;
      } catch {
        return { ok: false, error: { code: 'internal', message: `the server answered ${response.status} without JSON` } };
      }
    },
    subscribe(listener) {
      const source = new EventSource('api/events');
      source.onmessage = (message) => listener(JSON.parse(message.data as string) as AppEvent);
      return () => source.close();
    },
    mediaUrl: (hash, thumb) => `media/${thumb ? 'thumb' : 'image'}/${hash}`,
  };
}

export const transport: Transport = window.anchor ? ipcTransport(window.anchor) : httpTransport();
