import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { withTeamServer } from '../../../test/http-fixtures';
import { runSettled } from '../cli/wait';
import { sceneFor, seedPictures } from '../../../test/vrp-fixtures';
import { restrictLevels, PAPER_SELECTION } from '@shared/vrp/relations';

const t = withTeamServer();

describe('exports, reports and variants as downloads', () => {
  it('streams a dataset export as an attachment, byte for byte the owner\'s file export', async () => {
    const out = join(t.dir, 'owner.tsv');
    await t.backend.call('exports.run', { dataset: t.datasetId, format: 'vlmevalkit', out });
    const r = await t.post('download/export', { dataset: t.datasetId, format: 'vlmevalkit' }, t.cookie('lea'));
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="originals.tsv"');
    expect(r.body.equals(readFileSync(out))).toBe(true);
    expect((await t.post('download/export', { dataset: t.datasetId, format: 'vlmevalkit' }, t.cookie('ann'))).status).toBe(403);
    expect((await t.post('download/export', { dataset: 'nope', format: 'vlmevalkit' }, t.cookie('lea'))).status).toBe(404);
    expect((await t.post('download/export', { dataset: t.datasetId, format: 'vlmevalkit', out: '/tmp/x' }, t.cookie('lea'))).status).toBe(400);
  });

  it('downloads accepted triplets with their review history as one zip', async () => {
    await t.backend.call('assignments.assign', { datasetId: t.datasetId, annotators: ['ann'], checkers: ['lea', 'cat'], select: { mode: 'count', count: 2 } });
    await t.backend.call('triplets.override', { itemId: t.itemIds[0]!, to: 'accepted', reason: 'checked in the meeting' });
    // A lead's override is not a double check: it is left out unless asked for (MMEvalPro's team rules, METHODS §8).
    const without = await t.post('download/export', { dataset: 'originals', format: 'mmevalpro', acceptedOnly: true, reviewHistory: true }, t.cookie('lea'));
    const none = JSON.parse(Buffer.from(unzipSync(new Uint8Array(without.body))['originals-accepted-review-history.json']!).toString('utf8')) as unknown[];
    expect(none).toEqual([]);
    const r = await t.post('download/export', { dataset: 'originals', format: 'mmevalpro', acceptedOnly: true, includeOverridden: true, reviewHistory: true }, t.cookie('lea'));
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toBe('attachment; filename="originals-accepted.zip"');
    const files = unzipSync(new Uint8Array(r.body));
    expect(Object.keys(files).sort()).toEqual(['originals-accepted-review-history.json', 'originals-accepted.json']);
    const history = JSON.parse(Buffer.from(files['originals-accepted-review-history.json']!).toString('utf8')) as { status: string; overrides: { reason: string }[] }[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'accepted', overrides: [{ reason: 'checked in the meeting' }] });
  });

  it('downloads a Hugging Face release (hf-parquet) as a zip of the folder `anchor export` writes', async () => {
    const out = join(t.dir, 'owner-release');
    const owner = await t.backend.call('exports.run', { dataset: t.datasetId, format: 'hf-parquet', out, license: 'cc-by-4.0' });
    const r = await t.post('download/export', { dataset: t.datasetId, format: 'hf-parquet', license: 'cc-by-4.0' }, t.cookie('lea'));
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toBe('attachment; filename="originals-hf-parquet.zip"');
    const files = unzipSync(new Uint8Array(r.body));
    const names = Object.keys(files).sort();
    expect(names).toContain('originals/README.md');
    expect(names.filter((n) => /^originals\/data\/.+\.parquet$/.test(n))).toHaveLength(owner.shards!);
    expect(Buffer.from(files['originals/README.md']!).toString('utf8')).toBe(readFileSync(join(out, 'README.md'), 'utf8'));
    expect((await t.post('download/export', { dataset: t.datasetId, format: 'hf-parquet' }, t.cookie('ann'))).status).toBe(403);
  });

  it('downloads a run\'s HTML report for any signed-in user', async () => {
    const { runId } = await t.backend.call('runs.start', { datasetId: t.datasetId, model: 'random-guess' });
    await runSettled(t.backend, runId);
    const r = await t.post('download/report', { id: runId }, t.cookie('ann'));
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename=".+\.html"$/);
    expect(r.text).toContain('<!doctype html>');
    expect((await t.post('download/report', { id: runId })).status).toBe(401);
  });

  it('downloads a dataset\'s variants as a zip of PNGs with their metadata', async () => {
    const items = await seedPictures(t.backend, t.dir, 1);
    await t.backend.call('scenes.save', { itemId: items[0]!.id, baseVersion: 0, scene: sceneFor(items[0]!) });
    await t.backend.call('variants.run', { dataset: 'pictures', selection: restrictLevels(PAPER_SELECTION, ['none', 'partial']) });
    const r = await t.post('download/variants', { dataset: 'pictures' }, t.cookie('lea'));
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="pictures-variants.zip"');
    const files = unzipSync(new Uint8Array(r.body));
    const names = Object.keys(files);
    expect(names.filter((n) => n.endsWith('.png'))).toHaveLength(5);
    expect(names).toEqual(expect.arrayContaining(['metadata.csv', 'metadata.json']));
    const png = files[names.find((n) => n.endsWith('.png'))!]!;
    expect(Buffer.from(png.subarray(1, 4)).toString()).toBe('PNG');
    expect((await t.post('download/variants', { dataset: 'pictures' }, t.cookie('cat'))).status).toBe(403);
  });
});
