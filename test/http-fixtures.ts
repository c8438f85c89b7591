import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createBackendInternals, type BackendInternals } from '../electron/backend';
import { startHttpServer, type HttpOptions, type RunningServer } from '../electron/backend/http/server';
import { COOKIE } from '../electron/backend/http/auth';
import { createSession } from '../electron/backend/team/people/sessions';
import { projectDb, setTeamMode, tempDir } from './fixtures';
import { seedTeam } from './team-fixtures';

export interface RawResponse { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; text: string }

/**
 * One HTTP request with full control of its headers (Host, Origin, a declared length): fetch would fill them in.
 * `body: null` sends the headers and then nothing, so a server that waits for the body never answers.
 */
export function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer | null } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
      });
      res.on('error', reject);
    });
    // A server that refuses early may close while the body is still going out; the answer is what counts.
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    if (options.body === null) req.flushHeaders();
    else req.end(options.body);
  });
}

export interface TeamServer {
  dir: string;
  backend: BackendInternals;
  server: RunningServer;
  datasetId: number;
  itemIds: number[];
  /** Present time of the backend's clock; tests move it forward instead of waiting. */
  clock: { now: Date };
  /** A session cookie for a user, made directly (a scrypt login per test would take seconds on a busy machine). */
  cookie(userId: string): string;
  post(path: string, body: unknown, cookie?: string, headers?: Record<string, string>): Promise<RawResponse>;
}

const json = (cookie?: string, headers: Record<string, string> = {}) => ({ 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers });

/**
 * A team server (logins required, remote callers) on a temporary project with the seeded team (lea lead+checker,
 * ann annotator, cat checker, ann2 annotator+checker), started and stopped around every test of the calling suite.
 */
export function withTeamServer(options: Partial<HttpOptions> & { team?: boolean } = {}): TeamServer {
  const ctx = { clock: { now: new Date('2026-03-01T10:00:00Z') } } as TeamServer;
  let cleanup = () => undefined as void;
  beforeEach(async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    ctx.dir = t.dir;
    ctx.backend = await createBackendInternals({ dataDir: join(t.dir, 'data'), clock: () => ctx.clock.now });
    await ctx.backend.call('projects.create', { path: join(t.dir, 'team.anchor') });
    ({ datasetId: ctx.datasetId, itemIds: ctx.itemIds } = await seedTeam(ctx.backend, t.dir));
    setTeamMode(ctx.backend, options.team ?? true);
    ctx.server = await startHttpServer(ctx.backend, { host: '127.0.0.1', port: 0, staticDir: join(t.dir, 'no-build'), ...options });
    ctx.cookie = (userId) => `${COOKIE}=${encodeURIComponent(createSession(projectDb(ctx.backend), userId, ctx.clock.now).token)}`;
    ctx.post = (path, body, cookie, headers) => raw(`${ctx.server.url}${path}`, { method: 'POST', headers: json(cookie, headers), body: JSON.stringify(body) });
  });
  afterEach(async () => {
    await ctx.server.close();
    await ctx.backend.close();
    cleanup();
  });
  return ctx;
}
