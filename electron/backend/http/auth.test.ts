import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BackendInternals } from '..';
import { backendWithProject, projectDb, setTeamMode, tempDir } from '../../../test/fixtures';
import { seedTeam } from '../../../test/team-fixtures';
import { startHttpServer, type RunningServer } from './server';

let dir: string;
let cleanup: () => void;
let backend: BackendInternals;
let server: RunningServer;
let itemIds: number[];

beforeEach(async () => {
  ({ dir, cleanup } = tempDir());
  ({ backend } = await backendWithProject(dir));
  ({ itemIds } = await seedTeam(backend, dir));
  for (const name of ['lea', 'ann', 'cat']) await backend.call('users.setPassword', { name, password: `${name}-secret-pw` });
  await backend.call('assignments.assign', { datasetId: 1, annotators: ['ann'], checkers: ['lea', 'cat'], select: { mode: 'count', count: 2 } });
  setTeamMode(backend, true);
  server = await startHttpServer(backend, { host: '127.0.0.1', port: 0, staticDir: join(dir, 'no-build') });
});
afterEach(async () => {
  await server.close();
  await backend.close();
  cleanup();
});

const post = (path: string, body: unknown, cookie?: string) => fetch(`${server.url}${path}`, {
  method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body),
});

async function login(name: string, password = `${name}-secret-pw`): Promise<string> {
  const res = await post('auth/login', { name, password });
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('set-cookie')!;
  expect(setCookie).toMatch(/^anchor_session=[^;]+; HttpOnly; SameSite=Strict; Path=\/; Max-Age=\d+$/);
  return setCookie.split(';')[0]!;
}

describe('team server', () => {
  it('refuses every method but the open ones without a login, and media and events too', async () => {
    expect((await post('api/app.info', {})).status).toBe(200);
    expect(await (await post('api/session.me', {})).json()).toEqual({ ok: true, value: { mode: 'team', user: null } });
    const refused = await post('api/datasets.list', {});
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ ok: false, error: { code: 'unauthorized', message: 'log in first' } });
    expect((await fetch(`${server.url}api/events`)).status).toBe(401);
    const hash = projectDb(backend).prepare('SELECT hash FROM images LIMIT 1').pluck().get() as string;
    expect((await fetch(`${server.url}media/image/${hash}`)).status).toBe(401);
  });

  it('logs in with scrypt-checked passwords, says the same for a wrong name or password, and logs out', async () => {
    const wrong = await post('auth/login', { name: 'ann', password: 'not-it-at-all' });
    const nobody = await post('auth/login', { name: 'nobody', password: 'whatever1' });
    expect([wrong.status, nobody.status]).toEqual([401, 401]);
    const message = async (r: Response) => ((await r.json()) as { error: { message: string } }).error.message;
    expect(await message(wrong)).toBe(await message(nobody));
    expect(projectDb(backend).prepare(`SELECT password_hash FROM users WHERE id = 'ann'`).pluck().get()).toMatch(/^scrypt\$131072\$8\$1\$/);
    const cookie = await login('ann');
    expect(((await (await post('api/session.me', {}, cookie)).json()) as { value: { user: unknown } }).value.user).toMatchObject({ id: 'ann', roles: ['annotator'] });
    expect((await post('api/datasets.list', {}, cookie)).status).toBe(200);
    await post('auth/logout', {}, cookie);
    expect((await post('api/datasets.list', {}, cookie)).status).toBe(401);
  });

  it('authorises by role in the backend: an annotator cannot assign, add users, open projects or upload', async () => {
    const ann = await login('ann');
    const assign = await post('api/assignments.assign', { datasetId: 1, annotators: ['ann'], checkers: ['lea', 'cat'], select: { mode: 'count', count: 1 } }, ann);
    expect(assign.status).toBe(403);
    expect(((await assign.json()) as { error: { message: string } }).error.message).toBe('assignments.assign needs the lead role; ann is annotator');
    expect((await post('api/users.add', { name: 'mallory', roles: ['lead'] }, ann)).status).toBe(403);
    expect((await post('api/imports.start', { files: ['/etc/passwd'] }, ann)).status).toBe(403);
    const upload = await fetch(`${server.url}api/upload?name=x.tsv`, { method: 'POST', headers: { cookie: ann, 'content-type': 'application/octet-stream' }, body: 'index\n' });
    expect(upload.status).toBe(403);
    const lea = await login('lea');
    // A team server serves one project: not even a lead may swap it from under everyone.
    expect((await post('api/projects.open', { path: join(dir, 'other.anchor') }, lea)).status).toBe(403);
    expect((await post('api/reviews.submit', { itemId: itemIds[0], verdicts: {
      perception: { verdict: 'pass' }, knowledge: { verdict: 'pass' } } }, ann)).status).toBe(403);
  });

  it('ends a user\'s sessions when their password changes', async () => {
    const cookie = await login('cat');
    await backend.call('users.setPassword', { name: 'cat', password: 'a-new-password' });
    expect((await post('api/triplets.queue', { kind: 'review' }, cookie)).status).toBe(401);
    await login('cat', 'a-new-password');
  });
});
