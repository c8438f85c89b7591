import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createBackendInternals } from '../electron/backend';
import { startHttpServer } from '../electron/backend/http/server';

const N = Number(process.env.BENCH_TRIPLETS ?? 20_000);
const MOVES = 600;
const dir = join(__dirname, 'next-item');

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/**
 * Issue 3's acceptance: moving to the next item with 20,000 triplets in the project, over HTTP as the browser does
 * it — `triplets.next` (the next item of the caller's to-do queue) then `triplets.get` (everything the screen shows).
 * A third of the queue is already submitted, so the to-do filter has to skip. Baseline: `items.get` of the same
 * items on the same server, the least any item screen must fetch.
 */
async function main() {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const lines = ['index\tquestion\tA\tB\tC\tD\tanswer\tcategory'];
  for (let i = 0; i < N; i++) lines.push(`${i}\tOriginal question ${i} about the picture?\tw${i}\tx${i}\ty${i}\tz${i}\t${'ABCD'[i % 4]}\tcat ${i % 30}`);
  const tsv = join(dir, 'originals.tsv');
  writeFileSync(tsv, `${lines.join('\n')}\n`);
  const backend = await createBackendInternals({ dataDir: join(dir, 'data') });
  await backend.call('projects.create', { path: join(dir, 'next.anchor') });
  const { datasetId } = await backend.call('imports.run', { files: [tsv] });
  await backend.call('users.add', { name: 'ann', roles: ['annotator'], password: 'ann-password' });
  for (const c of ['checka', 'checkb']) await backend.call('users.add', { name: c, roles: ['checker'] });
  const started = Date.now();
  await backend.call('assignments.assign', { datasetId, annotators: ['ann'], checkers: ['checka', 'checkb'], select: { mode: 'count', count: N } });
  console.log(`assigned ${N} items in ${Date.now() - started} ms`);
  // Every item a triplet: write perception and knowledge once, then mark a third submitted.
  const db = backend.state.requireProject().db;
  const ids = db.prepare('SELECT id FROM items ORDER BY id').pluck().all() as number[];
  const insert = db.prepare(`INSERT INTO questions (item_id, role, type, text, options, answer, updated_at) VALUES (?, ?, 'multiple-choice', ?, ?, '["A"]', '2026-01-01')`);
  db.transaction(() => {
    for (const id of ids) {
      insert.run(id, 'perception', `What is shown in picture ${id}?`, JSON.stringify([{ label: 'A', text: 'a cat' }, { label: 'B', text: 'a dog' }]));
      insert.run(id, 'knowledge', `Which animal barks (${id})?`, JSON.stringify([{ label: 'A', text: 'dog' }, { label: 'B', text: 'cat' }]));
    }
    db.prepare(`UPDATE items SET status = 'submitted', review_round = 1 WHERE id % 3 = 0`).run();
  })();
  backend.state.setTeam(true);
  const server = await startHttpServer(backend, { host: '127.0.0.1', port: 0, staticDir: join(dir, 'none') });
  const login = await fetch(`${server.url}auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'ann', password: 'ann-password' }) });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const post = async (method: string, body: unknown) => {
    const res = await fetch(`${server.url}api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    const json = (await res.json()) as { ok: boolean; value: unknown; error?: { message: string } };
    if (!json.ok) throw new Error(`${method}: ${json.error?.message}`);
    return json.value;
  };
  const starts = Array.from({ length: MOVES }, (_, i) => ids[Math.floor((i * 7919) % (N - 10))]!);
  const moves: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (const from of starts) {
      let t = performance.now();
      const next = (await post('triplets.next', { kind: 'annotate', todo: true, itemId: from })) as { itemId: number };
      await post('triplets.get', { itemId: next.itemId });
      if (round === 1) moves.push(performance.now() - t);
      t = performance.now();
      await post('items.get', { id: next.itemId });
      if (round === 1) bare.push(performance.now() - t);
    }
  }
  const p50 = percentile(moves, 0.5);
  const p95 = percentile(moves, 0.95);
  const b50 = percentile(bare, 0.5);
  const b95 = percentile(bare, 0.95);
  console.log(`${N} triplets, ${MOVES} moves over HTTP (second pass; the first warms SQLite's cache)`);
  console.log(`  next item (next + get)   p50 ${p50.toFixed(2)} ms   p95 ${p95.toFixed(2)} ms   (target p95 < 100 ms)`);
  console.log(`  baseline items.get       p50 ${b50.toFixed(2)} ms   p95 ${b95.toFixed(2)} ms`);
  console.log(`  ratio p95 next / baseline ${(p95 / b95).toFixed(2)}×`);
  await server.close();
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
}

void main();
