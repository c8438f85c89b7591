import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contract, methodNames } from '../../shared/contract';
import { createBackend, type Backend } from '.';
import { backendWithProject, sampleTsvRows, tempDir, writeTsv } from '../../test/fixtures';

let dir: string;
let cleanup: () => void;
let backend: Backend;

beforeEach(async () => {
  ({ dir, cleanup } = tempDir());
  ({ backend } = await backendWithProject(dir));
});
afterEach(async () => {
  await backend.close();
  cleanup();
});

describe('dispatch', () => {
  it('implements every contract method', () => {
    expect(Object.keys(backend.handlers).sort()).toEqual([...methodNames].sort());
  });

  it('refuses unknown methods and invalid input as { code, message } without stacks', async () => {
    expect(await backend.dispatch('datasets.drop', {})).toEqual({ ok: false, error: { code: 'unknown_method', message: 'there is no method "datasets.drop"' } });
    const bad = await backend.dispatch('items.get', { id: 'seven' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(JSON.stringify(bad)).not.toMatch(/at .*\.ts:\d+/);
    expect(await backend.dispatch('items.get', { id: 12345 })).toEqual({ ok: false, error: { code: 'not_found', message: 'item 12345 does not exist' } });
  });

  it('answers no_project before a project is open', async () => {
    const bare = await createBackend({ dataDir: join(dir, 'bare') });
    expect(await bare.dispatch('datasets.list', {})).toMatchObject({ ok: false, error: { code: 'no_project' } });
    await bare.close();
  });

  it('runs an import as a job with progress events and stores the finished job with the data', async () => {
    const file = join(dir, 'bench.tsv');
    writeTsv(file, sampleTsvRows(40));
    const seen: string[] = [];
    backend.events.on((e) => seen.push(e.type));
    const { jobId } = await backend.call('imports.start', { files: [file] });
    await new Promise<void>((resolve) => backend.events.on((e) => e.type === 'job.finished' && resolve()));
    const job = await backend.call('jobs.get', { id: jobId });
    expect(job).toMatchObject({ status: 'done', done: 100, total: 100 });
    expect(seen).toContain('job.progress');
    expect(seen).toContain('data.changed');
    const stored = backend.state.requireProject().db.prepare('SELECT status, kind FROM jobs WHERE id = ?').get(jobId);
    expect(stored).toEqual({ status: 'done', kind: 'import' });
  });

  it('a cancelled import stores nothing', async () => {
    const file = join(dir, 'bench.tsv');
    writeTsv(file, sampleTsvRows(400));
    const { jobId } = await backend.call('imports.start', { files: [file] });
    expect(await backend.call('jobs.cancel', { id: jobId })).toEqual({ cancelled: true });
    await new Promise<void>((resolve) => backend.events.on((e) => e.type === 'job.finished' && resolve()));
    expect((await backend.call('jobs.get', { id: jobId })).status).toBe('cancelled');
    expect(await backend.call('datasets.list')).toEqual([]);
  });

  it('refuses a second dataset of the same name', async () => {
    const file = join(dir, 'bench.tsv');
    writeTsv(file, sampleTsvRows(3));
    await backend.call('imports.run', { files: [file] });
    await expect(backend.call('imports.run', { files: [file] })).rejects.toThrow(/a dataset named "bench" already exists/);
  });

  it('filters, searches and pages questions, with facets', async () => {
    const file = join(dir, 'bench.tsv');
    writeTsv(file, sampleTsvRows(30));
    const { datasetId } = await backend.call('imports.run', { files: [file] });
    const all = await backend.call('questions.list', { datasetId, limit: 10, offset: 25 });
    expect(all.total).toBe(30);
    expect(all.rows.map((r) => r.extId)).toEqual(['25', '26', '27', '28', '29']);
    expect((await backend.call('questions.list', { datasetId, category: 'animals' })).total).toBe(3);
    expect((await backend.call('questions.list', { datasetId, text: 'question 1' })).total).toBe(11);
    expect((await backend.call('questions.list', { datasetId, text: '100%_' })).total).toBe(0);
    const facets = await backend.call('questions.facets', { datasetId });
    expect(facets.categories).toEqual([{ value: 'plants', count: 27 }, { value: 'animals', count: 3 }]);
    expect(facets.roles).toEqual([{ value: 'origin', count: 30 }]);
    const first = all.rows[0]!;
    expect(await backend.call('items.neighbours', { id: first.itemId })).toEqual({ previous: first.itemId - 1, next: first.itemId + 1 });
  });

  it('opening a missing project keeps the current one open', async () => {
    const before = await backend.call('app.info');
    await expect(backend.call('projects.open', { path: join(dir, 'nope.anchor') })).rejects.toThrow(/no project at/);
    expect((await backend.call('app.info')).project?.path).toBe(before.project?.path);
    expect((await backend.call('projects.recent'))[0]?.path).toBe(before.project?.path);
  });

  it('every method documents itself', () => {
    for (const name of methodNames) expect(contract[name].doc.length).toBeGreaterThan(5);
  });
});
