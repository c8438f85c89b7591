import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { loadImage } from '@napi-rs/canvas';
import { FakeOpenAI } from '../../../test/openai-server';
import { bandInstruction, FULL_CLARIFICATION, PARTIAL_CLARIFICATION } from '@shared/prompts/vrp-instruction';
import { nodeKonva } from './konva-node';
import { renderVariant } from './render';
import { FULL_INTERVENTION_PROMPT, PAPER_SELECTION, restrictLevels, variantMatrix, variantName } from '@shared/vrp/relations';
import { loadScene } from '@shared/vrp/migrate';
import { until, withProject } from '../../../test/fixtures';
import { box, picture, sceneFor, seedPictures } from '../../../test/vrp-fixtures';
import { writeTsv } from '../../../test/fixtures';
import { humanRun } from '../../../test/eval-fixtures';
import { rgbaOf } from '../../../test/pixels';
import type { BackendInternals } from '..';
import type { RunConfigInput } from '@shared/contract';

const db = (backend: BackendInternals) => backend.state.requireProject().db;

function pixel(img: { width: number; data: Uint8ClampedArray }, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * img.width + Math.round(x)) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
}

/** How many pixels in a row band are strongly of one colour. */
function countColour(img: { width: number; height: number; data: Uint8ClampedArray }, y0: number, y1: number,
  match: (p: [number, number, number]) => boolean): number {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = 0; x < img.width; x++) if (match(pixel(img, x, y))) n++;
  return n;
}
const isRed = ([r, g, b]: [number, number, number]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r, g, b]: [number, number, number]) => b > 200 && r < 60 && g < 60;

function variantImage(backend: BackendInternals, name: string): Buffer {
  return db(backend).prepare(`SELECT im.bytes FROM variants v JOIN images im ON im.hash = v.image_hash WHERE v.name = ?`).pluck().get(name) as Buffer;
}

describe('scenes', () => {
  const t = withProject();

  it('saves a scene with a revision, refuses a stale save and leaves the stored scene as it was', async () => {
    const [item] = await seedPictures(t.backend, t.dir, 1);
    expect((await t.backend.call('scenes.get', { itemId: item!.id })).version).toBe(0);
    const first = await t.backend.call('scenes.save', { itemId: item!.id, baseVersion: 0, scene: sceneFor(item!) });
    expect(first.version).toBe(1);
    const moved = sceneFor(item!, [box('b1', 5, 5, 20, 20)]);
    await t.backend.call('scenes.save', { itemId: item!.id, baseVersion: 1, scene: moved });
    await expect(t.backend.call('scenes.save', { itemId: item!.id, baseVersion: 1, scene: sceneFor(item!) }))
      .rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/now version 2, yours was 1/) });
    const stored = await t.backend.call('scenes.get', { itemId: item!.id });
    expect(stored.version).toBe(2);
    expect(stored.scene!.shapes).toEqual(moved.shapes);
    const history = db(t.backend).prepare(`SELECT action FROM revisions WHERE entity = 'scene' AND entity_id = ? ORDER BY id`).pluck().all(String(item!.id));
    expect(history).toEqual(['create', 'update']);
    expect((await t.backend.call('scenes.items', { datasetId: (await t.backend.call('datasets.list'))[0]!.id }))[0]).toMatchObject({ shapes: 1, sceneVersion: 2 });
  });

  it('refuses a scene drawn on another image and a scene whose shapes share an id', async () => {
    const [a, b] = await seedPictures(t.backend, t.dir, 2);
    await expect(t.backend.call('scenes.save', { itemId: a!.id, baseVersion: 0, scene: sceneFor(b!) }))
      .rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/another image/) });
    await expect(t.backend.call('scenes.save', { itemId: a!.id, baseVersion: 0, scene: sceneFor(a!, [box('x', 1, 1, 5, 5), box('x', 9, 9, 5, 5)]) }))
      .rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/share the id x/) });
  });

  it('refuses a scene saved by a newer schema, on load and in a plan, naming the item and both versions', async () => {
    const [item] = await seedPictures(t.backend, t.dir, 1);
    const newer = { ...sceneFor(item!), schema: 7, layers: [] };
    db(t.backend).prepare(`INSERT INTO scenes (item_id, doc, version, updated_at) VALUES (?, ?, 1, ?)`).run(item!.id, JSON.stringify(newer), new Date().toISOString());
    await expect(t.backend.call('scenes.get', { itemId: item!.id }))
      .rejects.toMatchObject({ code: 'unsupported', message: expect.stringMatching(new RegExp(`item ${item!.id}: .*newer Anchor Studio \\(scene schema 7; this version reads up to 1\\)`)) });
    await expect(t.backend.call('variants.plan', { dataset: 'pictures' })).rejects.toMatchObject({ code: 'unsupported' });
    expect(() => loadScene({ ...sceneFor(item!), shapes: [{ id: 'a', kind: 'star' }] })).toThrow(/invalid at shapes\.0\.kind/);
    expect(() => loadScene('{')).toThrow(/not valid JSON/);
  });
});

describe('variant generation', () => {
  const t = withProject();

  it('makes the paper\'s 1 + 4 + 8 per original, linked to their source, drawn as their relation values say', async () => {
    const items = await seedPictures(t.backend, t.dir, 3);
    for (const item of items.slice(0, 2)) await t.backend.call('scenes.save', { itemId: item.id, baseVersion: 0, scene: sceneFor(item) });
    const plan = await t.backend.call('variants.plan', { dataset: 'pictures' });
    expect(plan).toMatchObject({ originals: 2, perOriginal: 13, variants: 26, target: 'pictures-vrp' });
    expect(plan.skipped).toEqual([{ itemId: items[2]!.id, extId: '2', reason: 'no scene drawn' }]);
    const counts = { none: 0, partial: 0, full: 0 };
    for (const s of plan.specs) counts[s.level]++;
    expect(counts).toEqual({ none: 1, partial: 4, full: 8 });

    const progress: number[] = [];
    const off = t.backend.events.on((e) => { if (e.type === 'job.progress' && e.job.kind === 'variants') progress.push(e.job.done); });
    const result = await t.backend.call('variants.run', { dataset: 'pictures' });
    off();
    expect(result).toMatchObject({ dataset: 'pictures-vrp', originals: 2, variants: 26, created: 26, updated: 0, unchanged: 0 });
    expect(progress[0]).toBe(0);

    const rows = await t.backend.call('variants.list', { dataset: 'pictures' });
    expect(rows).toHaveLength(26);
    expect(rows.map((r) => r.name)).toContain('0__full__red_drawn_arial_upper');
    expect(new Set(rows.map((r) => r.sourceItemId))).toEqual(new Set([items[0]!.id, items[1]!.id]));

    // No intervention is the original image byte for byte; partial keeps the size; full adds a band.
    const none = rows.find((r) => r.name === '0__none__default_none_none_none')!;
    expect(none.hash).toBe(items[0]!.image.hash);
    const partial = rows.find((r) => r.name === '0__partial__red_box_none_none')!;
    expect([partial.width, partial.height]).toEqual([160, 120]);
    const full = rows.find((r) => r.name === '0__full__blue_drawn_times_lower')!;
    expect(full.width).toBe(160);
    expect(full.height).toBeGreaterThan(120);

    // The stored questions: partial keeps the text, full becomes the minimal instruction; both keep options and answer.
    const variantItem = await t.backend.call('items.get', { id: full.itemId });
    expect(variantItem.questions[0]).toMatchObject({ text: FULL_INTERVENTION_PROMPT, answer: ['A'], options: [{ label: 'A', text: 'a square' }, { label: 'B', text: 'a circle' }] });
    expect(variantItem.meta).toMatchObject({ vrp: { level: 'full', colour: 'blue', shape: 'drawn', font: 'times', position: 'lower' }, variantOf: { itemId: items[0]!.id, extId: '0' } });
    expect((await t.backend.call('items.get', { id: partial.itemId })).questions[0]!.text).toBe('What is inside the marked region 0?');

    // Pixels: the red box variant strokes red where the box is; the blue one blue; an upper band puts ink above the image.
    const red = await rgbaOf(variantImage(t.backend, '0__partial__red_box_none_none'));
    expect(isRed(pixel(red, 16, 24))).toBe(true);
    expect(countColour(red, 0, 120, isBlue)).toBe(0);
    const blueEllipse = await rgbaOf(variantImage(t.backend, '0__partial__blue_ellipse_none_none'));
    expect(countColour(blueEllipse, 0, 120, isBlue)).toBeGreaterThan(50);
    expect(countColour(blueEllipse, 0, 120, isRed)).toBe(0);
    const upper = await rgbaOf(variantImage(t.backend, '0__full__red_drawn_arial_upper'));
    const band = upper.height - 120;
    expect(countColour(upper, 0, band, isRed)).toBeGreaterThan(20);
    expect(pixel(upper, 80, band + 100)).toEqual(pixel(await rgbaOf(picture(160, 120, 180)), 80, 100));
    const lower = await rgbaOf(variantImage(t.backend, '0__full__red_drawn_arial_lower'));
    expect(countColour(lower, 10, 40, isRed)).toBeGreaterThan(20);
    expect(countColour(lower, 120, lower.height, isRed)).toBeGreaterThan(20);

    // Generating again changes nothing; a moved shape redraws only that item's drawn variants.
    expect(await t.backend.call('variants.run', { dataset: 'pictures' })).toMatchObject({ created: 0, updated: 0, unchanged: 26 });
    const version = (await t.backend.call('scenes.get', { itemId: items[0]!.id })).version;
    await t.backend.call('scenes.save', { itemId: items[0]!.id, baseVersion: version, scene: sceneFor(items[0]!, [box('b1', 40, 40, 30, 30)]) });
    expect(await t.backend.call('variants.run', { dataset: 'pictures' })).toMatchObject({ created: 0, updated: 12, unchanged: 14 });
    // A corrected source question reaches the variants that show it (none and partial), not the full ones.
    db(t.backend).prepare(`UPDATE questions SET text = 'What is inside the marked region, exactly?' WHERE id = ?`).run(items[1]!.questionId);
    expect(await t.backend.call('variants.run', { dataset: 'pictures' })).toMatchObject({ created: 0, updated: 5, unchanged: 21 });
    const renamed = rows.find((r) => r.name === '1__partial__red_box_none_none')!;
    expect((await t.backend.call('items.get', { id: renamed.itemId })).questions[0]!.text).toBe('What is inside the marked region, exactly?');
    expect(db(t.backend).prepare(`SELECT count(*) FROM revisions WHERE entity = 'dataset' AND action = 'variants'`).pluck().get()).toBe(4);
  });

  it('lets the user pick any subset of the factorial and names every file after its values', () => {
    const specs = variantMatrix({
      none: false,
      partial: { enabled: true, colours: ['default'], shapes: ['ellipse'] },
      full: { enabled: true, colours: ['red', 'blue', 'default'], shapes: ['box', 'ellipse'], fonts: ['arial'], positions: ['upper', 'lower'] },
    });
    expect(specs).toHaveLength(1 + 12);
    expect(variantMatrix(restrictLevels(PAPER_SELECTION, ['partial']))).toHaveLength(4);
    expect(variantName('q 1/a', specs[0]!)).toMatch(/^q_1_a-[0-9a-f]{8}__partial__default_ellipse_none_none$/);
    expect(variantName('q 1/a', specs[0]!)).not.toBe(variantName('q_1_a', specs[0]!));
  });

  it('refuses full intervention with an empty reference text, naming the item, and allows partial', async () => {
    const [item] = await seedPictures(t.backend, t.dir, 1);
    await t.backend.call('scenes.save', { itemId: item!.id, baseVersion: 0, scene: sceneFor(item!, undefined, { content: '  ' }) });
    await expect(t.backend.call('variants.run', { dataset: 'pictures' }))
      .rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/item 0: the reference text is empty/) });
    expect(await t.backend.call('variants.run', { dataset: 'pictures', selection: restrictLevels(PAPER_SELECTION, ['none', 'partial']) }))
      .toMatchObject({ variants: 5 });
  });

  it('refuses an image too large to render before drawing anything', async () => {
    const [item] = await seedPictures(t.backend, t.dir, 1, { width: 9000, height: 8 }, 'wide');
    await t.backend.call('scenes.save', { itemId: item!.id, baseVersion: 0, scene: sceneFor(item!, [box('b', 1, 1, 4, 4)]) });
    await expect(t.backend.call('variants.start', { dataset: 'wide' }))
      .rejects.toMatchObject({ code: 'unsupported', message: expect.stringMatching(/item 0: the image is 9000×8; variants are drawn from images up to 8192 px/) });
    expect(t.backend.jobs.list().map((j) => j.kind)).toEqual(['import']);
  });

  it('fails on an image that cannot be decoded and stores nothing at all', async () => {
    const items = await seedPictures(t.backend, t.dir, 2);
    // A PNG whose header, size and IEND end are intact but whose pixel data is zeros: it imports, but does not decode.
    const whole = picture(160, 120, 190);
    const broken = Buffer.concat([whole.subarray(0, 60), Buffer.alloc(40), whole.subarray(whole.length - 12)]);
    const file = join(t.dir, 'broken.tsv');
    writeTsv(file, [['index', 'image', 'question', 'A', 'B', 'answer'], ['99', broken.toString('base64'), 'What is marked?', 'x', 'y', 'A']]);
    const { datasetId } = await t.backend.call('imports.run', { files: [file], dataset: 'broken' });
    const [bad] = await t.backend.call('scenes.items', { datasetId });
    await t.backend.call('scenes.save', { itemId: bad!.id, baseVersion: 0, scene: sceneFor(bad!) });
    for (const item of items) await t.backend.call('scenes.save', { itemId: item.id, baseVersion: 0, scene: sceneFor(item) });
    const before = snapshot(t.backend);
    await expect(t.backend.call('variants.run', { dataset: 'broken' }))
      .rejects.toMatchObject({ code: 'unsupported', message: expect.stringMatching(/item 99: the image cannot be decoded/) });
    expect(snapshot(t.backend)).toEqual(before);
    expect(t.backend.jobs.list()[0]).toMatchObject({ status: 'failed', kind: 'variants' });
  });

  it('leaves nothing behind when cancelled half-way, and the scratch folder is gone', async () => {
    const items = await seedPictures(t.backend, t.dir, 6, { width: 400, height: 300 });
    for (const item of items) await t.backend.call('scenes.save', { itemId: item.id, baseVersion: 0, scene: sceneFor(item) });
    const before = snapshot(t.backend);
    // Scratch folders go to the temporary directory; point it at this test's own, to see that nothing stays there.
    const scratch = join(t.dir, 'tmp');
    mkdirSync(scratch);
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = scratch;
    const { jobId } = await t.backend.call('variants.start', { dataset: 'pictures' }).finally(() => {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    });
    expect(readdirSync(scratch)).toHaveLength(1);
    await new Promise<void>((resolve) => {
      const off = t.backend.events.on((e) => {
        if (e.type === 'job.progress' && e.job.id === jobId && e.job.done >= 20) {
          off();
          void t.backend.call('jobs.cancel', { id: jobId }).then(() => resolve());
        }
      });
    });
    await expect(waitFinished(t.backend, jobId)).resolves.toBe('cancelled');
    expect(snapshot(t.backend)).toEqual(before);
    expect(readdirSync(scratch)).toEqual([]);
  });

  it('exports PNGs with metadata.csv and metadata.json that list every file', async () => {
    const items = await seedPictures(t.backend, t.dir, 2);
    for (const item of items) await t.backend.call('scenes.save', { itemId: item.id, baseVersion: 0, scene: sceneFor(item) });
    const out = join(t.dir, 'out');
    const result = await t.backend.call('variants.run', { dataset: 'pictures', out });
    expect(result.out).toBe(out);
    const files = readdirSync(out).sort();
    expect(files.filter((f) => f.endsWith('.png'))).toHaveLength(26);
    const csv = parse(readFileSync(join(out, 'metadata.csv')), { columns: true }) as Record<string, string>[];
    const json = JSON.parse(readFileSync(join(out, 'metadata.json'), 'utf8')) as Record<string, unknown>[];
    expect(csv).toHaveLength(26);
    expect(json).toHaveLength(26);
    for (const row of csv) expect(existsSync(join(out, row.file!))).toBe(true);
    expect(csv.find((r) => r.file === '1__full__blue_drawn_arial_upper.png')).toMatchObject({ source_item: '1', level: 'full', colour: 'blue', font: 'arial', position: 'upper', width: '160' });
  });

  it('lets a run on the variants report accuracy per level and relation value', async () => {
    const items = await seedPictures(t.backend, t.dir, 2);
    for (const item of items) await t.backend.call('scenes.save', { itemId: item.id, baseVersion: 0, scene: sceneFor(item) });
    const { datasetId } = await t.backend.call('variants.run', { dataset: 'pictures' });
    // A person who is right only when the question is written on the image.
    const runId = await humanRun(t.backend, datasetId, (text) => (text === FULL_INTERVENTION_PROMPT ? 'A' : 'B'));
    const report = await t.backend.call('reports.run', { id: runId });
    expect(report.vrp!.level).toMatchObject({ none: { correct: 0, n: 2 }, partial: { correct: 0, n: 8 }, full: { correct: 16, n: 16 } });
    expect(report.vrp!.font).toMatchObject({ arial: { correct: 8, n: 8 }, times: { correct: 8, n: 8 } });
    // The 26 variants are 2 clusters, one per original: the cluster interval counts originals, not pictures.
    expect(report.accuracy.overall.ci95Cluster?.clusters).toBe(2);
    expect(report.vrp!.level!.full!.ci95Cluster?.clusters).toBe(2);
  });
});

describe('full intervention as the paper defines it', () => {
  const t = withProject();
  const servers: FakeOpenAI[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  });

  const runToEnd = async (input: RunConfigInput) => {
    const { runId } = await t.backend.call('runs.start', input);
    await t.backend.state.runs.settled(runId);
    return t.backend.call('runs.get', { id: runId });
  };

  it('writes the question and its options in the band, and sends the image with no text prompt unless the run asks for the clarification', async () => {
    const [item] = await seedPictures(t.backend, t.dir, 1);
    await t.backend.call('scenes.save', { itemId: item!.id, baseVersion: 0, scene: sceneFor(item!) });
    const selection = { ...PAPER_SELECTION, full: { ...PAPER_SELECTION.full, shapes: ['box' as const, 'ellipse' as const] } };
    const { datasetId } = await t.backend.call('variants.run', { dataset: 'pictures', selection });
    const full = db(t.backend).prepare(`SELECT name, shape FROM variants WHERE level = 'full' ORDER BY name`).all() as { name: string; shape: string }[];
    expect(full).toHaveLength(16);
    expect(new Set(full.map((v) => v.shape))).toEqual(new Set(['box', 'ellipse']));

    // The image: the band holds the question and one line per option, exactly as the shared builder draws that text,
    // and not as it draws the question alone.
    const K = nodeKonva(t.backend.state.resourcesDir);
    const source = await loadImage(picture(160, 120, 180));
    const scene = sceneFor(item!);
    const spec = { level: 'full' as const, colour: 'red' as const, shape: 'box' as const, font: 'arial' as const, position: 'upper' as const };
    const instruction = bandInstruction(scene.text.content, null, [{ label: 'A', text: 'a square' }, { label: 'B', text: 'a circle' }]);
    expect(instruction).toBe('What is inside the marked region 0?\nA. a square\nB. a circle');
    const withOptions = await renderVariant(K, source, { ...scene, text: { ...scene.text, content: instruction } }, spec);
    const questionOnly = await renderVariant(K, source, scene, spec);
    const stored = db(t.backend).prepare(`SELECT image_hash, height FROM variants WHERE name = ?`).get(variantName('0', spec)) as { image_hash: string; height: number };
    expect(stored.image_hash).toBe(withOptions.hash);
    expect(stored.height).toBe(withOptions.height);
    expect(withOptions.height).toBeGreaterThan(questionOnly.height);

    // The request: a full variant is its image alone; none and partial keep the question and options as text.
    const model = new FakeOpenAI({ reply: () => 'A' });
    servers.push(model);
    await t.backend.call('endpoints.save', { endpoint: { name: 'vlm', baseUrl: await model.start(), model: 'vl' } });
    const plain = await runToEnd({ datasetId, model: 'vlm', roles: ['origin'] });
    expect(plain.vrpClarification).toBe(false);
    const fullAsks = model.requests.filter((r) => r.images === 1 && !r.prompt.includes('a square'));
    expect(fullAsks).toHaveLength(16);
    expect(fullAsks.every((r) => r.prompt === '')).toBe(true);
    expect(model.requests.filter((r) => r.prompt.includes('What is inside the marked region 0?') && r.prompt.includes('a square'))).toHaveLength(5);
    expect(model.requests.some((r) => r.prompt.includes(FULL_INTERVENTION_PROMPT))).toBe(false);

    // With the paper's mitigation the full variants carry only the clarification, and the run records it.
    model.requests.length = 0;
    const clarified = await runToEnd({ datasetId, model: 'vlm', roles: ['origin'], vrpClarification: true });
    expect(clarified.vrpClarification).toBe(true);
    expect(model.requests.filter((r) => r.prompt === FULL_CLARIFICATION)).toHaveLength(16);
    expect(model.requests.filter((r) => r.prompt.startsWith(PARTIAL_CLARIFICATION) && r.prompt.includes('a square'))).toHaveLength(4);
    expect(model.requests.every((r) => !r.prompt.includes('a square') || !r.prompt.includes(FULL_CLARIFICATION))).toBe(true);
  });

  it('a perfect reader scores 100% on full-intervention variants in every run configuration the studio allows', async () => {
    const items = await seedPictures(t.backend, t.dir, 2);
    for (const item of items) await t.backend.call('scenes.save', { itemId: item.id, baseVersion: 0, scene: sceneFor(item) });
    const { datasetId } = await t.backend.call('variants.run', { dataset: 'pictures' });
    // The reader picks "a square" wherever the options are: as text lines, or, for an image sent alone, as the band draws
    // them (in their original order, where "a square" is A).
    const model = new FakeOpenAI({ reply: (prompt) => /^([A-Z])\. a square$/m.exec(prompt)?.[1] ?? 'A' });
    servers.push(model);
    await t.backend.call('endpoints.save', { endpoint: { name: 'vlm', baseUrl: await model.start(), model: 'vl' } });
    const base = { datasetId, model: 'vlm', roles: ['origin' as const] };
    const allowed = [{}, { vrpClarification: true }, { images: false }, { images: false, circular: true }];
    for (const extra of allowed) {
      const run = await runToEnd({ ...base, ...extra });
      const report = await t.backend.call('reports.run', { id: run.id });
      expect({ extra, full: report.vrp!.level!.full }).toMatchObject({ extra, full: { correct: 16, n: 16 } });
      expect({ extra, overall: report.accuracy.overall }).toMatchObject({ extra, overall: { correct: 26, n: 26 } });
    }
    // Images with rotated options would score that reader 0% on every full variant: refused before anything is sent.
    const asked = model.requests.length;
    const refusal = { code: 'invalid_input', message: expect.stringMatching(/CircularEval cannot rotate the options of 16 full-intervention VRP variants/) };
    await expect(t.backend.call('runs.plan', { ...base, circular: true })).rejects.toMatchObject(refusal);
    await expect(t.backend.call('runs.start', { ...base, circular: true })).rejects.toMatchObject(refusal);
    expect(model.requests).toHaveLength(asked);
  });
});

function snapshot(backend: BackendInternals): Record<string, unknown> {
  const d = db(backend);
  return {
    datasets: d.prepare('SELECT name FROM datasets ORDER BY id').pluck().all(),
    items: d.prepare('SELECT count(*) FROM items').pluck().get(),
    images: d.prepare('SELECT count(*) FROM images').pluck().get(),
    variants: d.prepare('SELECT count(*) FROM variants').pluck().get(),
    questions: d.prepare('SELECT count(*) FROM questions').pluck().get(),
  };
}

async function waitFinished(backend: BackendInternals, jobId: string): Promise<string> {
  await until(() => backend.jobs.get(jobId)!.status !== 'running');
  return backend.jobs.get(jobId)!.status;
}
