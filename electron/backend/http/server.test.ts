import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '..';
import { backendWithProject, sampleTsvRows, tempDir, writeTsv } from '../../../test/fixtures';
import { startHttpServer, type RunningServer } from './server';

let dir: string;
let cleanup: () => void;
let backend: Backend;
let server: RunningServer;

beforeEach(async () => {
  ({ dir, cleanup } = tempDir());
  ({ backend } = await backendWithProject(dir));
  server = await startHttpServer(backend, { host: '127.0.0.1', port: 0, staticDir: join(dir, 'no-build') });
});
afterEach(async () => {
  await server.close();
  await backend.close();
  cleanup();
});

const post = (path: string, body: unknown, type = 'application/json') =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': type }, body: JSON.stringify(body) });

describe('HTTP adapter', () => {
  it('serves every contract method at POST /api/<method> with errors as { code, message } and a fitting status', async () => {
    const ok = await post('api/datasets.list', {});
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, value: [] });
    const missing = await post('api/items.get', { id: 9 });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ ok: false, error: { code: 'not_found', message: 'item 9 does not exist' } });
    const invalid = await post('api/items.get', { id: 'x' });
    expect(invalid.status).toBe(400);
    expect((await post('api/nope.nothing', {})).status).toBe(404);
  });

  it('refuses API calls that are not JSON (a cross-site form cannot send them)', async () => {
    const r = await post('api/datasets.list', {}, 'text/plain');
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  });

  it('uploads a file, imports it as a job, pushes progress over SSE and serves images by hash', async () => {
    const events: string[] = [];
    const controller = new AbortController();
    const sse = await fetch(`${server.url}api/events`, { signal: controller.signal });
    const reader = sse.body!.getReader();
    const finished = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value);
        for (const m of buffer.matchAll(/data: (.*)\n\n/g)) events.push(JSON.parse(m[1]!).type);
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
        if (events.includes('job.finished')) return;
      }
    })();

    const source = join(dir, 'bench.tsv');
    writeTsv(source, sampleTsvRows(5));
    const upload = await fetch(`${server.url}api/upload?name=bench.tsv`, {
      method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: readFileSync(source),
    });
    const { value } = (await upload.json()) as { value: { path: string } };
    expect(readFileSync(value.path).equals(readFileSync(source))).toBe(true);
    const started = (await (await post('api/imports.start', { files: [value.path] })).json()) as { ok: boolean };
    expect(started.ok).toBe(true);
    await finished;
    controller.abort();
    expect(events).toContain('job.progress');
    expect(events).toContain('job.finished');

    const page = (await (await post('api/questions.list', {})).json()) as { value: { rows: { firstImage: string }[] } };
    const hash = page.value.rows[0]!.firstImage;
    const image = await fetch(`${server.url}media/image/${hash}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    expect((await fetch(`${server.url}media/image/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await fetch(`${server.url}media/image/..%2F..%2Fetc`)).status).toBe(400);
  });
});
