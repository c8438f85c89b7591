import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { afterEach, beforeEach } from 'vitest';
import { createBackendInternals, type Backend, type BackendInternals } from '../electron/backend';
import type { Db } from '../electron/backend/db/open';
import { png } from './png';

/** A fresh temporary folder, removed by the returned cleanup. */
export function tempDir(prefix = 'anchor-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

// Kept in its own module so browser tests can draw images without loading vitest.
export { png };

export function writeTsv(path: string, rows: string[][]): void {
  writeFileSync(path, stringify(rows, { delimiter: '\t', record_delimiter: 'unix' }));
}

/** A VLMEvalKit-style table: header plus `n` rows; row 3 reuses row 1's image by index. */
export function sampleTsvRows(n = 5): string[][] {
  const header = ['index', 'image', 'question', 'hint', 'A', 'B', 'C', 'D', 'answer', 'category', 'l2-category', 'split', 'extra_note'];
  const rows = [header];
  for (let i = 0; i < n; i++) {
    const image = i === 2 ? '0' : png(8 + i, 6, `#${(0x112233 + i * 0x101010).toString(16).slice(-6)}`).toString('base64');
    rows.push([String(i), image, `Question ${i}: what is shown?\twith a tab`, i % 2 ? 'a hint' : '', 'cat', 'dog',
      i % 2 ? 'bird' : '', '', i % 2 ? 'C' : 'B', i < 3 ? 'animals' : 'plants', 'l2', 'dev', i === 4 ? 'note "quoted"\nnew line' : '']);
  }
  return rows;
}

/** A backend on a new project file inside `dir`. */
export async function backendWithProject(dir: string, name = 'p.anchor', clock?: () => Date): Promise<{ backend: BackendInternals; path: string }> {
  const backend = await createBackendInternals({ dataDir: join(dir, 'data'), ...(clock ? { clock } : {}) });
  const path = join(dir, name);
  await backend.call('projects.create', { path });
  return { backend, path };
}

export interface ProjectContext {
  dir: string;
  project: string;
  backend: BackendInternals;
}

/**
 * Test-only doors to what no adapter may touch: the open project's connection (to check what was stored, row by row)
 * and the server mode (a server decides it at start; a test compares both modes on one project).
 */
export const projectDb = (backend: BackendInternals): Db => backend.state.requireProject().db;
export function setTeamMode(backend: BackendInternals, team: boolean): void {
  backend.state.setTeam(team);
}

/**
 * Registers a fresh temporary folder and a backend on a new project file for every test of the calling suite.
 * Tests may replace `backend` (to reopen the project); whatever is there at the end is closed.
 */
/** `clock`: the backend's present time, for tests that move it forward instead of waiting. */
export function withProject(clock?: () => Date): ProjectContext {
  const ctx = {} as ProjectContext;
  let cleanup = () => undefined as void;
  beforeEach(async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    ctx.dir = t.dir;
    const b = await backendWithProject(t.dir, undefined, clock);
    ctx.backend = b.backend;
    ctx.project = b.path;
  });
  afterEach(async () => {
    await ctx.backend.close();
    cleanup();
  });
  return ctx;
}

/** A dataset's items and questions without their ids: what an export → import round trip must give back equal. */
export async function datasetContent(backend: Backend, datasetId: number) {
  const page = await backend.call('questions.list', { datasetId, limit: 1000 });
  const items = [...new Set(page.rows.map((r) => r.itemId))];
  return Promise.all(items.map(async (id) => {
    const { id: _i, datasetId: _d, datasetName: _n, questions, ...rest } = await backend.call('items.get', { id });
    return { ...rest, questions: questions.map(({ id: _q, ...q }) => q) };
  }));
}

/**
 * Resolves once `check` holds, looking again whenever the event loop is free: a condition, never a clock. The one
 * place a backend or CLI test waits (`test/no-sleeps.test.ts` holds it): `every` only spaces the looks of a costly
 * check (a query, a call), it is never what the test waits for.
 */
export async function until(check: () => boolean | Promise<boolean>, every = 5): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, every));
}
