import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBackendInternals } from '../electron/backend';
import { startHttpServer } from '../electron/backend/http/server';
import type { TripletDraft } from '@shared/contract';

export interface StormResult {
  users: number;
  seconds: number;
  /** Save attempts made, acknowledged or refused. */
  attempts: number;
  saves: number;
  conflicts: number;
  /** Failures that were neither a save nor a refused stale save: must be 0. */
  otherErrors: string[];
  saveP95Ms: number;
  /** Bare authenticated round trips (`session.me`) per second on the same server, measured before the storm. */
  baselinePerSecond: number;
  /** Each check of the project file after the storm, with what it found; all must be empty. */
  lost: string[];
}

const draftOf = (text: string): TripletDraft => ({
  perception: { text, options: ['one', 'two'], answer: 'A', rationale: '' },
  knowledge: { text: `why ${text}`, options: ['yes', 'no'], answer: 'B', rationale: '' },
});

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

/** How long the storm lasts: `seconds` of saving as fast as the server lets them (the bench), or a fixed number of
 * saves per tab (the test, so that what it checks does not depend on how fast the machine is). */
export type StormLength = { seconds: number } | { savesPerTab: number };

/**
 * `users` annotators, each with two browser tabs open on the same two triplets, save over real HTTP with real logins.
 * First each user's second tab saves once from a version the first tab has just replaced (a refusal every time),
 * then both tabs save concurrently and race each other. Then the project file is checked: every acknowledged save is
 * a revision with its exact version, versions have no gaps, the stored text is the last acknowledged one, and every
 * refused text is kept as a conflict revision.
 */
export async function runSaveStorm(options: { users: number } & StormLength): Promise<StormResult> {
  const dir = mkdtempSync(join(tmpdir(), 'anchor-storm-'));
  const backend = await createBackendInternals({ dataDir: join(dir, 'data') });
  try {
    await backend.call('projects.create', { path: join(dir, 'storm.anchor') });
    const db = backend.state.requireProject().db;
    const { datasetId } = await backend.call('imports.run', { files: [writeOriginals(dir, options.users * 2)] });
    const names = Array.from({ length: options.users }, (_, i) => `user${i}`);
    await Promise.all(names.map((name) => backend.call('users.add', { name, roles: ['annotator'], password: `${name}-password` })));
    for (const c of ['checka', 'checkb']) await backend.call('users.add', { name: c, roles: ['checker'] });
    await backend.call('assignments.assign', { datasetId, annotators: names, checkers: ['checka', 'checkb'], select: { mode: 'count', count: options.users * 2 } });
    backend.state.setTeam(true);
    const server = await startHttpServer(backend, { host: '127.0.0.1', port: 0, staticDir: join(dir, 'none') });
    try {
      const post = async (cookie: string, method: string, body: unknown) => {
        const res = await fetch(`${server.url}${method.startsWith('auth/') ? method : `api/${method}`}`, {
          method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body),
        });
        return { status: res.status, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '', body: (await res.json()) as { ok: boolean; value?: unknown; error?: { code: string; message: string } } };
      };
      const cookies = await Promise.all(names.map(async (name) => (await post('', 'auth/login', { name, password: `${name}-password` })).cookie));

      // The bench's baseline: bare authenticated round trips for a second (the counted test skips it).
      const baselineEnd = 'seconds' in options ? Date.now() + 1000 : 0;
      let bare = 0;
      while (Date.now() < baselineEnd) {
        await post(cookies[0]!, 'session.me', {});
        bare++;
      }

      const acknowledged = new Map<number, { version: number; text: string }[]>();
      const refused: string[] = [];
      const otherErrors: string[] = [];
      const latencies: number[] = [];
      const end = 'seconds' in options ? Date.now() + options.seconds * 1000 : Infinity;
      const more = (seq: number) => ('savesPerTab' in options ? seq < options.savesPerTab : Date.now() < end);
      let attempts = 0;
      const versionOf = async (user: number, item: number) => ((await post(cookies[user]!, 'triplets.get', { itemId: item })).body.value as { version: number }).version;
      const save = async (user: number, item: number, baseVersion: number | undefined, text: string): Promise<number | undefined> => {
        attempts++;
        const started = performance.now();
        const r = await post(cookies[user]!, 'triplets.save', { itemId: item, baseVersion, draft: draftOf(text) });
        latencies.push(performance.now() - started);
        if (r.body.ok) {
          const v = (r.body.value as { version: number }).version;
          acknowledged.set(item, [...(acknowledged.get(item) ?? []), { version: v, text }]);
          return v;
        }
        if (r.status === 409 && r.body.error?.code === 'conflict') refused.push(text);
        else otherErrors.push(`${r.status} ${r.body.error?.message ?? ''}`);
        return undefined;
      };
      const queueOf = async (user: number) =>
        ((await post(cookies[user]!, 'triplets.queue', { kind: 'annotate' })).body.value as { rows: { itemId: number }[] }).rows.map((r) => r.itemId);
      // A refusal for every user, whatever the timing: both tabs read the version, the first saves, the second is stale.
      await Promise.all(names.map(async (name, user) => {
        const item = (await queueOf(user))[0]!;
        const seen = await versionOf(user, item);
        await save(user, item, seen, `${name} tab 0 opening save`);
        await save(user, item, seen, `${name} tab 1 stale save`);
      }));
      const tab = async (user: number, t: number) => {
        const items = await queueOf(user);
        const version = new Map<number, number>();
        for (const item of items) version.set(item, await versionOf(user, item));
        for (let seq = 0; more(seq); seq++) {
          const item = items[(seq + t) % items.length]!;
          const saved = await save(user, item, version.get(item), `${names[user]} tab ${t} save ${seq}`);
          version.set(item, saved ?? (await versionOf(user, item)));
        }
      };
      await Promise.all(names.flatMap((_, u) => [tab(u, 0), tab(u, 1)]));

      const lost: string[] = [];
      let saves = 0;
      for (const [item, acks] of acknowledged) {
        saves += acks.length;
        const rows = db.prepare(`SELECT diff FROM revisions WHERE entity = 'triplet' AND entity_id = ? AND action = 'save' ORDER BY id`).pluck().all(String(item)) as string[];
        const stored = rows.map((d) => JSON.parse(d) as { version: number; draft: TripletDraft });
        const versions = acks.map((a) => a.version).sort((a, b) => a - b);
        if (stored.length !== acks.length) lost.push(`item ${item}: ${acks.length} saves acknowledged, ${stored.length} revisions`);
        if (versions.some((v, i) => v !== i + 2)) lost.push(`item ${item}: acknowledged versions are not 2..${acks.length + 1} without gaps`);
        for (const a of acks) {
          if (!stored.some((s) => s.version === a.version && s.draft.perception.text === a.text)) lost.push(`item ${item}: save "${a.text}" (v${a.version}) has no revision`);
        }
        const last = acks.reduce((m, a) => (a.version > m.version ? a : m));
        const text = db.prepare(`SELECT text FROM questions WHERE item_id = ? AND role = 'perception'`).pluck().get(item);
        if (text !== last.text) lost.push(`item ${item}: stores "${String(text)}", the last acknowledged save was "${last.text}"`);
        const itemVersion = db.prepare('SELECT version FROM items WHERE id = ?').pluck().get(item);
        if (itemVersion !== acks.length + 1) lost.push(`item ${item}: version ${String(itemVersion)} after ${acks.length} saves`);
      }
      const kept = new Set((db.prepare(`SELECT diff FROM revisions WHERE entity = 'triplet' AND action = 'conflict'`).pluck().all() as string[])
        .map((d) => (JSON.parse(d) as { draft: TripletDraft }).draft.perception.text));
      const missing = refused.filter((t) => !kept.has(t));
      if (kept.size !== refused.length) lost.push(`${refused.length} saves refused, ${kept.size} kept as conflict revisions`);
      if (missing.length) lost.push(`refused texts not kept: ${missing.slice(0, 3).join('; ')}`);
      return {
        users: options.users, seconds: 'seconds' in options ? options.seconds : 0, attempts, saves, conflicts: refused.length, otherErrors, saveP95Ms: percentile(latencies, 0.95),
        baselinePerSecond: bare, lost,
      };
    } finally {
      await server.close();
    }
  } finally {
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function writeOriginals(dir: string, n: number): string {
  const lines = ['index\tquestion\tA\tB\tanswer\tcategory'];
  for (let i = 0; i < n; i++) lines.push(`${i}\tOriginal question ${i}?\tyes\tno\tA\tstorm`);
  const path = join(dir, 'originals.tsv');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}
