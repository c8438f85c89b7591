import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract, methodNames } from '@shared/contract';
import { createBackend } from '.';
import { sampleTsvRows, withProject, writeTsv } from '../../test/fixtures';

const t = withProject();

describe('dispatch', () => {
  it('implements every contract method', () => {
    expect(Object.keys(t.backend.handlers).sort()).toEqual([...methodNames].sort());
  });

  it('refuses unknown methods and invalid input as { code, message } without stacks', async () => {
    expect(await t.backend.dispatch('datasets.drop', {})).toEqual({ ok: false, error: { code: 'unknown_method', message: 'there is no method "datasets.drop"' } });
    const bad = await t.backend.dispatch('items.get', { id: 'seven' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(JSON.stringify(bad)).not.toMatch(/at .*\.ts:\d+/);
    expect(await t.backend.dispatch('items.get', { id: 12345 })).toEqual({ ok: false, error: { code: 'not_found', message: 'item 12345 does not exist' } });
  });

  it('answers no_project before a project is open', async () => {
    const bare = await createBackend({ dataDir: join(t.dir, 'bare') });
    expect(await bare.dispatch('datasets.list', {})).toMatchObject({ ok: false, error: { code: 'no_project' } });
    await bare.close();
  });

  it('runs an import as a job with progress events and stores the finished job with the data', async () => {
    const file = join(t.dir, 'bench.tsv');
    writeTsv(file, sampleTsvRows(40));
    const seen: string[] = [];
    t.backend.events.on((e) => seen.push(e.type));
    const { jobId } = await t.backend.call('imports.start', { files: [file] });
    await new Promise<void>((resolve) => t.backend.events.on((e) => e.type === 'job.finished' && resolve()));
    const job = await t.backend.call('jobs.get', { id: jobId });
    expect(job).toMatchObject({ status: 'done', done: 100, total: 100 });
    expect(seen).toContain('job.progress');
    expect(seen).toContain('data.changed');
    const stored = t.backend.state.requireProject().db.prepare('SELECT status, kind FROM jobs WHERE id = ?').get(jobId);
    expect(stored).toEqual({ status: 'done', kind: 'import' });
  });

  it('a cancelled import stores nothing', async () => {
    const file = join(t.dir, 'bench.tsv');
    writeTsv(file, sampleTsvRows(400));
    const { jobId } = await t.backend.call('imports.start', { files: [file] });
    expect(await t.backend.call('jobs.cancel', { id: jobId })).toEqual({ cancelled: true });
    await new Promise<void>((resolve) => t.backend.events.on((e) => e.type === 'job.finished' && resolve()));
    expect((await t.backend.call('jobs.get', { id: jobId })).status).toBe('cancelled');
    expect(await t.backend.call('datasets.list')).toEqual([]);
  });

  it('refuses a second dataset of the same name', async () => {
    const file = join(t.dir, 'bench.tsv');
    writeTsv(file, sampleTsvRows(3));
    await t.backend.call('imports.run', { files: [file] });
    await expect(t.backend.call('imports.run', { files: [file] })).rejects.toThrow(/a dataset named "bench" already exists/);
  });

  it('filters, searches and pages questions, with facets', async () => {
    const file = join(t.dir, 'bench.tsv');
    writeTsv(file, sampleTsvRows(30));
    const { datasetId } = await t.backend.call('imports.run', { files: [file] });
    const all = await t.backend.call('questions.list', { datasetId, limit: 10, offset: 25 });
    expect(all.total).toBe(30);
    expect(all.rows.map((r) => r.extId)).toEqual(['25', '26', '27', '28', '29']);
    expect((await t.backend.call('questions.list', { datasetId, category: 'animals' })).total).toBe(3);
    expect((await t.backend.call('questions.list', { datasetId, text: 'question 1' })).total).toBe(11);
    expect((await t.backend.call('questions.list', { datasetId, text: '100%_' })).total).toBe(0);
    const facets = await t.backend.call('questions.facets', { datasetId });
    expect(facets.categories).toEqual([{ value: 'plants', count: 27 }, { value: 'animals', count: 3 }]);
    expect(facets.roles).toEqual([{ value: 'origin', count: 30 }]);
    const first = all.rows[0]!;
    expect(await t.backend.call('items.neighbours', { id: first.itemId })).toEqual({ previous: first.itemId - 1, next: first.itemId + 1 });
  });

  it('opening a missing project keeps the current one open', async () => {
    const before = await t.backend.call('app.info');
    await expect(t.backend.call('projects.open', { path: join(t.dir, 'nope.anchor') })).rejects.toThrow(/no project at/);
    expect((await t.backend.call('app.info')).project?.path).toBe(before.project?.path);
    expect((await t.backend.call('projects.recent'))[0]?.path).toBe(before.project?.path);
  });

  it('every method documents itself', () => {
    for (const name of methodNames) expect(contract[name].doc.length).toBeGreaterThan(5);
  });
});

describe('closing', () => {
  it('waits for a running import to stop before close resolves, so nothing writes after shutdown', async () => {
    const file = join(t.dir, 'big.tsv');
    writeTsv(file, sampleTsvRows(400));
    const { jobId } = await t.backend.call('imports.start', { files: [file] });
    const job = () => t.backend.jobs.get(jobId)!;
    expect(job().status).toBe('running');
    await t.backend.close();
    expect(job().status).toBe('cancelled');
    expect(job().finishedAt).not.toBeNull();
  });
});
