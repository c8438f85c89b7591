import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Shape } from '@shared/vrp/scene';
import { withProject } from '../../../../test/fixtures';
import { box, picture, sceneFor, seedPictures } from '../../../../test/vrp-fixtures';
import type { Backend } from '../../index';

const t = withProject();
const FIXTURES = join(__dirname, '../../../../test/fixtures/conformance/label-studio');
const fixtureJson = (name: string): unknown => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));

/** The scene the fixture export was made from: a box and a rotated ellipse on the first of two 317×211 pictures. */
const SHAPES: Shape[] = [
  box('b1', 12.25, 30.5, 80.75, 40.125),
  box('e1', 150.3, 60.7, 120.4, 50.2, { kind: 'ellipse', rotation: 37.5, stroke: '#0000FF', strokeWidth: 4 }),
];

/** Tasks with each picture's hash set aside (it depends on the PNG encoder's bytes, checked against the file instead). */
const withoutHash = (tasks: unknown) => (tasks as { data: Record<string, unknown> }[]).map((task) => ({ ...task, data: { ...task.data, anchor_hash: 'hash' } }));

describe('Label Studio round trips', () => {
  it('exports tasks, pictures and a label config that Label Studio\'s LabelInterface accepts', async () => {
    const items = await seedPictures(t.backend, t.dir, 2, { width: 317, height: 211 });
    const datasetId = (await t.backend.call('datasets.list')).find((d) => d.name === 'pictures')!.id;
    await t.backend.call('scenes.save', { itemId: items[0]!.id, baseVersion: 0, scene: sceneFor(items[0]!, SHAPES) });
    const out = join(t.dir, 'studio-export.json');
    const r = await t.backend.call('regions.export', { datasetId, format: 'label-studio', out });
    expect(r).toEqual({ path: out, config: join(t.dir, 'studio-export-config.xml'), scenes: 1, shapes: 2 });

    // The same tasks and config that label-studio-sdk validated (make_fixtures.py; its verdict is committed beside them).
    const tasks = JSON.parse(readFileSync(out, 'utf8')) as { data: { image: string; anchor_hash: string } }[];
    expect(withoutHash(tasks)).toEqual(withoutHash(fixtureJson('studio-export.json')));
    expect(readFileSync(r.config!, 'utf8')).toBe(readFileSync(join(FIXTURES, 'studio-export-config.xml'), 'utf8'));
    expect(fixtureJson('labelinterface-verdict.json')).toMatchObject({ studio_export: { config_valid: true, tasks: [{ data_complete: true, annotation_valid: true, errors: [] }] } });

    // data.image is Label Studio's local-files URL of the picture written beside the export, which holds its bytes.
    expect(tasks[0]!.data.image).toBe('/data/local-files/?d=studio-export-images/0.png');
    const bytes = readFileSync(join(t.dir, 'studio-export-images', '0.png'));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(tasks[0]!.data.anchor_hash);

    const elsewhere = await t.backend.call('regions.export', { datasetId, format: 'label-studio', out: join(t.dir, 'b.json'), imagePrefix: 'https://pictures.example/vrp/' });
    expect(JSON.parse(readFileSync(elsewhere.path, 'utf8'))[0].data.image).toBe('https://pictures.example/vrp/b-images/0.png');
  });

  /** Two 800×400 pictures named as the Label Studio project knew them: an upload and a local file with a space and CJK. */
  async function seedScans(backend: Backend, dir: string): Promise<{ datasetId: number; ids: Map<string, number> }> {
    const folder = join(dir, 'scans');
    mkdirSync(folder, { recursive: true });
    const names = ['scan_0', '图 1'];
    names.forEach((_, i) => writeFileSync(join(folder, `${i}.png`), picture(800, 400, 190 + i)));
    writeFileSync(join(folder, 'scans.jsonl'), `${names.map((id, i) => JSON.stringify({ id, question: `Which region ${i}?`, options: ['a', 'b'], answer: 'A', image: `${i}.png` })).join('\n')}\n`);
    const { datasetId } = await backend.call('imports.run', { files: [join(folder, 'scans.jsonl')], dataset: 'scans' });
    const items = await backend.call('scenes.items', { datasetId });
    return { datasetId, ids: new Map(items.map((item) => [item.extId, item.id])) };
  }

  const shapesOf = async (backend: Backend, itemId: number) =>
    (await backend.call('scenes.get', { itemId })).scene!.shapes.map((s) => [s.kind, s.x, s.y, s.width, s.height, s.rotation]);

  // Label Studio's regions in pixels of the 800×400 pictures (ls-export.json): a box and an ellipse on scan_0, a box on 图 1.
  const SCAN_0 = [['box', 80, 80, 240, 160, 0], ['ellipse', 320, 120, 160, 160, 90]];
  const SCAN_1 = [['box', 40, 20, 160, 40, 0]];

  it('imports Label Studio\'s JSON and JSON_MIN exports: choices skipped and counted, upload prefixes stripped, ?d= paths decoded', async () => {
    const { datasetId, ids } = await seedScans(t.backend, t.dir);
    for (const [name, skipped] of [['ls-export.json', { choices: 2 }], ['ls-export.converted.json', { choices: 2 }], ['ls-export.min.json', {}]] as const) {
      const path = join(t.dir, name);
      copyFileSync(join(FIXTURES, name), path);
      expect(await t.backend.call('regions.import', { datasetId, path }), name).toEqual({ scenes: 2, shapes: 3, skipped });
      expect(await shapesOf(t.backend, ids.get('scan_0')!), name).toEqual(SCAN_0);
      expect(await shapesOf(t.backend, ids.get('图 1')!), name).toEqual(SCAN_1);
    }
  });

  it('imports the COCO file Label Studio\'s converter made, whose file names keep the upload prefix and the URL', async () => {
    const { datasetId, ids } = await seedScans(t.backend, t.dir);
    const path = join(t.dir, 'ls-export.coco.json');
    copyFileSync(join(FIXTURES, 'ls-export.coco.json'), path);
    // Label Studio's COCO converter writes rectangles only: the ellipse stays behind in Label Studio.
    expect(await t.backend.call('regions.import', { datasetId, path })).toEqual({ scenes: 2, shapes: 2, skipped: {} });
    expect(await shapesOf(t.backend, ids.get('scan_0')!)).toEqual([SCAN_0[0]]);
    expect(await shapesOf(t.backend, ids.get('图 1')!)).toEqual(SCAN_1);
  });
});
