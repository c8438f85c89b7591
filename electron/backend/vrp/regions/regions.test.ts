import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Shape } from '@shared/vrp/scene';
import { withProject } from '../../../../test/fixtures';
import { box, sceneFor, seedPictures } from '../../../../test/vrp-fixtures';

const t = withProject();
const picturesId = async () => (await t.backend.call('datasets.list')).find((d) => d.name === 'pictures')!.id;

/** Every coordinate within half a pixel (and a hundredth of a degree) of the original. */
function expectSameShapes(got: readonly Shape[], want: readonly Shape[]): void {
  expect(got.map((s) => [s.id, s.kind, s.stroke, s.strokeWidth])).toEqual(want.map((s) => [s.id, s.kind, s.stroke, s.strokeWidth]));
  got.forEach((s, i) => {
    const w = want[i]!;
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(s[k] - w[k]), `${s.id}.${k}`).toBeLessThanOrEqual(0.5);
    expect(Math.abs(s.rotation - w.rotation)).toBeLessThan(0.01);
  });
}

describe('VRP regions in and out (COCO, Label Studio)', () => {
  for (const format of ['coco', 'label-studio'] as const) {
    it(`a scene with a rotated ellipse survives a ${format} export and re-import`, async () => {
      const items = await seedPictures(t.backend, t.dir, 2, { width: 317, height: 211 });
      const datasetId = await picturesId();
      const shapes: Shape[] = [
        box('b1', 12.25, 30.5, 80.75, 40.125),
        box('e1', 150.3, 60.7, 120.4, 50.2, { kind: 'ellipse', rotation: 37.5, stroke: '#0000FF', strokeWidth: 4 }),
      ];
      await t.backend.call('scenes.save', { itemId: items[0]!.id, baseVersion: 0, scene: sceneFor(items[0]!, shapes) });
      const out = join(t.dir, `regions-${format}.json`);
      expect(await t.backend.call('regions.export', { datasetId: datasetId, format, out })).toMatchObject({ scenes: 1, shapes: 2 });

      // The file speaks the other tool's language.
      const doc = JSON.parse(readFileSync(out, 'utf8'));
      if (format === 'coco') {
        expect(doc.categories.map((c: { name: string }) => c.name)).toEqual(['box', 'ellipse']);
        expect(doc.annotations[0].bbox).toEqual([12.25, 30.5, 80.75, 40.125]);
        expect(doc.annotations[1].attributes).toMatchObject({ cx: 150.3 + 60.2, cy: 60.7 + 25.1, rx: 60.2, ry: 25.1, rotation: 37.5 });
      } else {
        expect(doc[0].annotations[0].result.map((r: { type: string }) => r.type)).toEqual(['rectanglelabels', 'ellipselabels']);
        expect(doc[0].annotations[0].result[1].value.x).toBeCloseTo((100 * 210.5) / 317, 6);
        expect(doc[0].annotations[0].result[1].value.radiusY).toBeCloseTo((100 * 25.1) / 211, 6);
      }

      // Re-imported onto the second picture's twin: clear the first, then read the file back.
      await t.backend.call('scenes.save', { itemId: items[0]!.id, baseVersion: 1, scene: sceneFor(items[0]!, []) });
      expect(await t.backend.call('regions.import', { datasetId: datasetId, path: out })).toEqual({ scenes: 1, shapes: 2, skipped: {} });
      const back = await t.backend.call('scenes.get', { itemId: items[0]!.id });
      expect(back.version).toBe(3);
      expectSameShapes(back.scene!.shapes, shapes);
      expect(back.scene!.text.content).toBe(items[0]!.question);
    });
  }

  it('imports a Label Studio export made elsewhere onto matching items by file name, and refuses an unknown picture', async () => {
    const items = await seedPictures(t.backend, t.dir, 2, { width: 200, height: 100 });
    const datasetId = await picturesId();
    const tasks = [{
      id: 7, data: { image: '/data/upload/3/0a1b2c3d-1.png' },
      annotations: [{ result: [
        { id: 'abc', type: 'rectanglelabels', from_name: 'label', to_name: 'image', original_width: 800, original_height: 400, value: { x: 10, y: 20, width: 30, height: 40, rotation: 0, rectanglelabels: ['target'] } },
        { id: 'def', type: 'ellipselabels', from_name: 'label', to_name: 'image', original_width: 800, original_height: 400, value: { x: 50, y: 50, radiusX: 10, radiusY: 20, rotation: 90, ellipselabels: ['target'] } },
        { id: 'txt', type: 'textarea', value: { x: 0, y: 0, text: ['ignored'] } },
      ] }],
    }];
    const file = join(t.dir, 'ls.json');
    writeFileSync(file, JSON.stringify(tasks));
    expect(await t.backend.call('regions.import', { datasetId: datasetId, path: file })).toEqual({ scenes: 1, shapes: 2, skipped: { textarea: 1 } });
    // Percent of our 200×100 picture, whatever size Label Studio displayed.
    const scene = (await t.backend.call('scenes.get', { itemId: items[1]!.id })).scene!;
    expect(scene.shapes.map((s) => [s.id, s.kind, s.x, s.y, s.width, s.height, s.rotation])).toEqual([
      ['abc', 'box', 20, 20, 60, 40, 0], ['def', 'ellipse', 80, 30, 40, 40, 90],
    ]);

    const stray = join(t.dir, 'stray.json');
    writeFileSync(stray, JSON.stringify([{ ...tasks[0], data: { image: 'elsewhere.png' } }]));
    await expect(t.backend.call('regions.import', { datasetId: datasetId, path: stray }))
      .rejects.toMatchObject({ code: 'invalid_input', message: 'stray.json: task 1: matches no item with an image (tried "elsewhere")' });
    const rotatedBox = join(t.dir, 'rotated.json');
    const rotated = structuredClone(tasks);
    (rotated[0]!.annotations[0]!.result[0]!.value as { rotation: number }).rotation = 15;
    writeFileSync(rotatedBox, JSON.stringify(rotated));
    await expect(t.backend.call('regions.import', { datasetId: datasetId, path: rotatedBox }))
      .rejects.toMatchObject({ message: expect.stringContaining('task 1 result 1: a rotated rectangle (15°)') });
    expect((await t.backend.call('scenes.get', { itemId: items[1]!.id })).version).toBe(1);
  });
});
