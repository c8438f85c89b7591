import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sirv from 'sirv';
import type { Backend } from '..';
import { AppError, toApiError } from '../errors';
import { packageRoot } from '../paths';
import { readJson } from './body';
import { streamEvents } from './events';
import { statusOf } from './status';
import { receiveUpload } from './upload';
import { callerOf, login, logout, requireSignedIn, requireUploader } from './auth';

export interface HttpOptions {
  host: string;
  port: number;
  /** The built renderer; defaults to dist/renderer. */
  staticDir?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

function sendError(res: ServerResponse, error: unknown): void {
  const e = toApiError(error);
  sendJson(res, statusOf[e.code], { ok: false, error: e });
}

const HASH = /^[0-9a-f]{64}$/;

/**
 * The HTTP adapter: `POST /api/<method>` for every contract method, `GET /api/events` (SSE), uploads for the import
 * dialog, images by hash, logins, and the built renderer. Nothing here knows any method by name.
 */
export function createRequestHandler(backend: Backend, staticDir: string) {
  const assets = existsSync(staticDir) ? sirv(staticDir, { single: true, dev: false, etag: true }) : null;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      // Only API, media and event requests carry a caller; the renderer's static files are public.
      const caller = () => callerOf(backend, req);
      if (url.pathname === '/api/events' && req.method === 'GET') {
        requireSignedIn(caller());
        return streamEvents(res, backend.events);
      }
      if (url.pathname === '/auth/login' || url.pathname === '/auth/logout') {
        if (req.method !== 'POST' || !(req.headers['content-type'] ?? '').startsWith('application/json')) {
          throw new AppError('forbidden', 'log in with a JSON POST');
        }
        const body = await readJson(req);
        const value = url.pathname === '/auth/login' ? await login(backend, body, res) : logout(backend, req, res);
        return sendJson(res, 200, { ok: true, value });
      }
      if (url.pathname === '/api/upload' && req.method === 'POST') {
        requireUploader(backend, caller());
        const path = await receiveUpload(req, backend.state.dataDir, url.searchParams.get('name'));
        return sendJson(res, 200, { ok: true, value: { path } });
      }
      if (url.pathname.startsWith('/api/')) {
        if (req.method !== 'POST') throw new AppError('invalid_input', 'API methods are called with POST');
        // A JSON content type cannot be sent cross-site without a preflight, which this server never grants.
        if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
          throw new AppError('forbidden', 'API calls must send content-type application/json');
        }
        const method = decodeURIComponent(url.pathname.slice('/api/'.length));
        const result = await backend.dispatch(method, await readJson(req), caller());
        return result.ok ? sendJson(res, 200, result) : sendJson(res, statusOf[result.error.code], result);
      }
      const media = /^\/media\/(image|thumb)\/([^/]+)$/.exec(url.pathname);
      if (media && req.method === 'GET') {
        const hash = media[2]!;
        requireSignedIn(caller());
        if (!HASH.test(hash)) throw new AppError('invalid_input', 'not an image hash');
        const image = await backend.image(hash, media[1] === 'thumb');
        res.writeHead(200, { 'content-type': image.mime, 'cache-control': 'private, max-age=31536000, immutable' });
        return res.end(image.bytes);
      }
      if (assets) return assets(req, res, () => sendError(res, new AppError('not_found', `nothing at ${url.pathname}`)));
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('The studio is not built yet: run `npm run build`, then reload.');
    } catch (error) {
      if (!res.headersSent) sendError(res, error);
      else res.end();
    }
  };
}

export async function startHttpServer(backend: Backend, options: HttpOptions): Promise<RunningServer> {
  const handler = createRequestHandler(backend, options.staticDir ?? join(packageRoot(), 'dist', 'renderer'));
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  return {
    url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
