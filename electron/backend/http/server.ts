import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sirv from 'sirv';
import type { Backend } from '..';
import { AppError } from '../errors';
import { toApiError } from '../api-error';
import { packageRoot } from '../paths';
import { BODY_LIMITS, readJson } from './body';
import { streamEvents } from './events';
import { setSecurityHeaders } from './headers';
import { HostPolicy } from './origin';
import { statusOf } from './status';
import { DEFAULT_MAX_UPLOAD_BYTES, receiveUpload } from './upload';
import { callerOf, login, logout, ownerSignIn, requireLead, requireSignedIn } from './auth';
import { LoginThrottle } from './login-throttle';
import { clientAddress, trustedProxySet } from './client-address';
import { serveDownload } from './downloads';

export interface HttpOptions {
  host: string;
  port: number;
  /** The built renderer; defaults to dist/renderer. */
  staticDir?: string;
  /** Extra names (a reverse proxy's) the server answers to, besides the address it listens on. */
  allowedHosts?: readonly string[];
  maxUploadBytes?: number;
  /** Reverse proxies whose `X-Forwarded-For` names the client (`anchor serve --trusted-proxy`); none by default. */
  trustedProxies?: readonly string[];
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

function sendError(res: ServerResponse, error: unknown): void {
  const e = toApiError(error);
  // A refused request may still be sending its body: close the connection rather than read the rest.
  res.setHeader('connection', 'close');
  sendJson(res, statusOf[e.code], { ok: false, error: e });
}

const HASH = /^[0-9a-f]{64}$/;
const isJson = (req: IncomingMessage) => (req.headers['content-type'] ?? '').startsWith('application/json');

interface HandlerOptions {
  staticDir: string;
  policy: () => HostPolicy;
  maxUploadBytes: number;
  throttle: LoginThrottle;
  trustedProxies: ReadonlySet<string>;
}

/** Routes that carry a caller: the origin check applies, and the caller is known before any body is read. */
async function callerRoute(backend: Backend, req: IncomingMessage, res: ServerResponse, url: URL, options: HandlerOptions): Promise<boolean> {
  const caller = () => callerOf(backend, req);
  if (url.pathname === '/api/events' && req.method === 'GET') {
    requireSignedIn(caller());
    streamEvents(res, backend.events);
    return true;
  }
  if (url.pathname === '/auth/owner' && req.method === 'GET') {
    ownerSignIn(backend, req, res, url);
    return true;
  }
  if (url.pathname === '/auth/login' || url.pathname === '/auth/logout') {
    if (req.method !== 'POST' || !isJson(req)) throw new AppError('forbidden', 'log in with a JSON POST');
    const body = await readJson(req, BODY_LIMITS.login);
    const value = url.pathname === '/auth/login' ? await login(backend, body, res, { throttle: options.throttle, address: clientAddress(req, options.trustedProxies) }) : logout(backend, req, res);
    sendJson(res, 200, { ok: true, value });
    return true;
  }
  if (url.pathname === '/api/upload' && req.method === 'POST') {
    requireLead(backend, caller(), 'upload files for import');
    const path = await receiveUpload(req, backend.server.dataDir, url.searchParams.get('name'), options.maxUploadBytes);
    sendJson(res, 200, { ok: true, value: { path } });
    return true;
  }
  if (url.pathname.startsWith('/download/')) {
    if (req.method !== 'POST' || !isJson(req)) throw new AppError('forbidden', 'downloads are asked for with a JSON POST');
    await serveDownload(backend, url.pathname.slice('/download/'.length), caller(), req, res);
    return true;
  }
  if (url.pathname.startsWith('/api/')) {
    if (req.method !== 'POST') throw new AppError('invalid_input', 'API methods are called with POST');
    // A JSON content type cannot be sent cross-site without a preflight, which this server never grants.
    if (!isJson(req)) throw new AppError('forbidden', 'API calls must send content-type application/json');
    const method = decodeURIComponent(url.pathname.slice('/api/'.length));
    const ctx = caller();
    backend.authorize(method, ctx);
    const result = await backend.dispatch(method, await readJson(req, BODY_LIMITS.api), ctx);
    if (result.ok) sendJson(res, 200, result);
    else sendJson(res, statusOf[result.error.code], result);
    return true;
  }
  const media = /^\/media\/(image|thumb)\/([^/]+)$/.exec(url.pathname);
  if (media && req.method === 'GET') {
    requireSignedIn(caller());
    if (!HASH.test(media[2]!)) throw new AppError('invalid_input', 'not an image hash');
    const image = await backend.image(media[2]!, media[1] === 'thumb');
    res.writeHead(200, { 'content-type': image.mime, 'cache-control': 'private, max-age=31536000, immutable' });
    res.end(image.bytes);
    return true;
  }
  return false;
}

/**
 * The HTTP adapter: `POST /api/<method>` for every contract method, `GET /api/events` (SSE), uploads for the import
 * dialogs, downloads of exports, images by hash, logins, and the built renderer. Every response carries the security
 * headers, and every request must name this server in `Host` (and, where it sends one, come from its own origin).
 */
export function createRequestHandler(backend: Backend, options: HandlerOptions) {
  const assets = existsSync(options.staticDir) ? sirv(options.staticDir, { single: true, dev: false, etag: true }) : null;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    setSecurityHeaders(res);
    try {
      options.policy().checkHost(req);
      const carriesCaller = /^\/(api|auth|media|download)\//.test(url.pathname);
      if (carriesCaller) options.policy().checkOrigin(req);
      if (carriesCaller && (await callerRoute(backend, req, res, url, options))) return;
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
  let policy: HostPolicy | null = null;
  const handler = createRequestHandler(backend, {
    staticDir: options.staticDir ?? join(packageRoot(), 'dist', 'renderer'),
    policy: () => policy!,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    throttle: new LoginThrottle(() => backend.server.now().getTime()),
    trustedProxies: trustedProxySet(options.trustedProxies ?? []),
  });
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  policy = new HostPolicy(options.host, port, options.allowedHosts);
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
