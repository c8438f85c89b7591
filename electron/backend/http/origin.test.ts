import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backendWithProject, tempDir } from '../../../test/fixtures';
import { raw } from '../../../test/http-fixtures';
import { startHttpServer, type RunningServer } from './server';

// A loopback studio without passwords, with a built renderer: every caller is the machine's owner, which is exactly
// what a DNS-rebinding page would borrow.
async function loopbackStudio(host = '127.0.0.1', allowedHosts: string[] = []) {
  const t = tempDir();
  const { backend } = await backendWithProject(t.dir);
  const staticDir = join(t.dir, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>studio</title>');
  const server = await startHttpServer(backend, { host, port: 0, staticDir, allowedHosts });
  const stop = async () => {
    await server.close();
    await backend.close();
    t.cleanup();
  };
  return { backend, server, stop, dir: t.dir };
}

let stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops) await stop();
  stops = [];
});
async function studio(host?: string, allowedHosts?: string[]) {
  const s = await loopbackStudio(host, allowedHosts);
  stops.push(s.stop);
  return s;
}

const api = (server: RunningServer, headers: Record<string, string>, method = 'datasets.list') =>
  raw(`${server.url}api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });

describe('origin policy (DNS rebinding)', () => {
  it('refuses a foreign Host on every route, static files included', async () => {
    const { server, backend } = await studio();
    const evil = { host: `evil.example:${server.port}` };
    const hash = '0'.repeat(64);
    const routes = [
      raw(`${server.url}`, { headers: evil }),
      raw(`${server.url}index.html`, { headers: evil }),
      raw(`${server.url}assets/app.js`, { headers: evil }),
      api(server, evil),
      api(server, evil, 'app.info'),
      raw(`${server.url}api/events`, { headers: evil }),
      raw(`${server.url}media/image/${hash}`, { headers: evil }),
      raw(`${server.url}api/upload?name=x.tsv`, { method: 'POST', headers: { ...evil, 'content-type': 'application/octet-stream' }, body: 'index\n' }),
      raw(`${server.url}auth/login`, { method: 'POST', headers: { ...evil, 'content-type': 'application/json' }, body: '{}' }),
      raw(`${server.url}download/export`, { method: 'POST', headers: { ...evil, 'content-type': 'application/json' }, body: '{}' }),
      api(server, evil, 'imports.run'),
    ];
    for (const r of await Promise.all(routes)) {
      expect(r.status).toBe(403);
      expect(JSON.parse(r.text)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(r.text).not.toContain('studio</title>');
    }
    // The rebinding attack of the report: /etc/passwd through imports.run answers nothing but the refusal.
    const attack = await raw(`${server.url}api/imports.run`, {
      method: 'POST', headers: { ...evil, 'content-type': 'application/json', origin: `http://evil.example:${server.port}` },
      body: JSON.stringify({ files: ['/etc/passwd'] }),
    });
    expect(attack.status).toBe(403);
    expect(attack.text).not.toContain('root');
    expect((await backend.call('datasets.list')).length).toBe(0);
  });

  it('refuses API, upload, login and event requests from another Origin, and takes its own', async () => {
    const { server } = await studio();
    const own = { host: `127.0.0.1:${server.port}` };
    for (const origin of [`http://evil.example:${server.port}`, 'null', `http://127.0.0.1:${server.port + 1}`, 'http://localhost']) {
      expect((await api(server, { ...own, origin })).status).toBe(403);
      expect((await raw(`${server.url}api/events`, { headers: { ...own, origin } })).status).toBe(403);
      const upload = await raw(`${server.url}api/upload?name=x.tsv`, { method: 'POST', headers: { ...own, origin, 'content-type': 'application/octet-stream' }, body: 'x' });
      expect(upload.status).toBe(403);
    }
    expect((await api(server, { ...own, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const same = await api(server, { ...own, origin: `http://127.0.0.1:${server.port}`, 'sec-fetch-site': 'same-origin' });
    expect(same.status).toBe(200);
    expect(JSON.parse(same.text)).toEqual({ ok: true, value: [] });
  });

  it('answers at 127.0.0.1 and localhost on its port, and at [::1] when it listens there', async () => {
    const { server } = await studio();
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`]) {
      expect((await raw(server.url, { headers: { host } })).text).toContain('studio</title>');
      expect((await api(server, { host, origin: `http://${host}` })).status).toBe(200);
    }
    // The same name on another port is another site.
    expect((await raw(server.url, { headers: { host: `localhost:${server.port + 1}` } })).status).toBe(403);
    const v6 = await studio('::1');
    expect(v6.server.url).toBe(`http://[::1]:${v6.server.port}/`);
    expect((await raw(`${v6.server.url}`)).text).toContain('studio</title>');
    expect((await api(v6.server, { origin: `http://[::1]:${v6.server.port}` })).status).toBe(200);
  });

  it('answers to a name its owner allows with --allowed-host (a TLS proxy in front), and its https origin', async () => {
    const { server } = await studio('127.0.0.1', ['studio.example.org']);
    const proxied = { host: 'studio.example.org', origin: 'https://studio.example.org' };
    expect((await api(server, proxied)).status).toBe(200);
    expect((await api(server, { host: 'studio.example.org:8443', origin: 'https://studio.example.org:8443' })).status).toBe(200);
    expect((await api(server, { host: 'studio.example.org', origin: 'https://evil.example' })).status).toBe(403);
    expect((await api(server, { host: 'other.example.org' })).status).toBe(403);
  });

  it('sends anti-framing and no-sniff headers on every response, refusals and static files included', async () => {
    const { server } = await studio();
    const responses = [
      await raw(server.url),
      await api(server, {}),
      await api(server, {}, 'nope.nothing'),
      await raw(server.url, { headers: { host: 'evil.example' } }),
    ];
    for (const r of responses) {
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends a full content security policy with the studio page (attack 10: remote images, plugins, <base>, inline script)', async () => {
    const { server } = await studio();
    const page = await raw(server.url);
    expect(page.text).toContain('studio</title>');
    const directives = new Map(String(page.headers['content-security-policy']).split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources.join(' ')] as const;
    }));
    expect(Object.fromEntries(['default-src', 'script-src', 'img-src', 'object-src', 'base-uri', 'form-action', 'frame-ancestors'].map((d) => [d, directives.get(d)]))).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'img-src': "'self' data: blob:",
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
    // Inline script never runs: no directive that script falls back to allows it.
    expect([...directives.values()].join(' ')).not.toMatch(/unsafe-eval|\*/);
    expect(directives.get('script-src')).not.toContain('unsafe-inline');
  });
});
