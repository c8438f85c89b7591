import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { api } from './support/api';
import { Studio } from './pages/studio';
import { writePicturesTsv } from './support/files';
import { bottomRows, meanAbsDifference, rgbaOf } from '../test/pixels';

/** Screen position of an image pixel, from the stage's box, zoom and offset (and the band above the image). */
async function toScreen(page: Page, ix: number, iy: number): Promise<{ x: number; y: number }> {
  const stage = page.getByTestId('canvas.stage');
  const box = (await stage.boundingBox())!;
  const scale = Number(await stage.getAttribute('data-scale'));
  const [ox, oy] = (await stage.getAttribute('data-offset'))!.split(',').map(Number) as [number, number];
  const top = Number(await stage.getAttribute('data-image-top'));
  return { x: box.x + ox + ix * scale, y: box.y + oy + (top + iy) * scale };
}

/** Mouse positions are whole screen pixels, so image coordinates land within about a pixel of the aim. */
function near(value: number, expected: number): void {
  expect(Math.abs(value - expected), `${value} ≈ ${expected}`).toBeLessThan(2);
}

async function drag(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const a = await toScreen(page, ...from);
  const b = await toScreen(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}

interface Shape { id: string; kind: string; x: number; y: number; width: number; height: number; rotation: number }
interface SceneRecord { version: number; scene: { shapes: Shape[]; text: { content: string; font: string; colour: string; position: string } } | null }

test('draw, move, resize, undo and redo on the canvas, then preview and generate the paper\'s variants', async ({ page, request }) => {
  test.skip(test.info().project.name === 'electron', 'the spec imports its pictures through the HTTP API of `anchor serve`; the Electron project runs the same screens in the desktop window where the Electron runtime exists');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const dataset = `vrp e2e ${Date.now()}`;
  await api(request, 'imports.run', { files: [writePicturesTsv('pictures.tsv', 2)], dataset });
  const datasets = await api<{ id: number; name: string }[]>(request, 'datasets.list', {});
  const datasetId = datasets.find((d) => d.name === dataset)!.id;
  const items = await api<{ id: number; extId: string }[]>(request, 'scenes.items', { datasetId });
  const itemId = items[0]!.id;

  const studio = new Studio(page);
  await studio.open('#/vrp');
  await page.getByTestId('canvas.dataset').selectOption(String(datasetId));
  await page.getByTestId('canvas.item.0').click();
  await expect(page.getByTestId('canvas.stage')).toBeVisible();
  await expect(page.getByTestId('canvas.stage').locator('canvas').first()).toBeVisible();

  // A box with the B key, an ellipse with the toolbar button, both by dragging on the image.
  await page.keyboard.press('b');
  await drag(page, [100, 80], [260, 200]);
  await page.getByTestId('canvas.tool.ellipse').click();
  await drag(page, [360, 150], [520, 260]);
  // A box started inside another draws rather than grabbing the outer one; Delete removes the new, selected one.
  await page.keyboard.press('b');
  await drag(page, [150, 100], [200, 140]);
  await expect(page.getByTestId('canvas.status.shapes')).toHaveText('3 shapes');
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('canvas.status.shapes')).toHaveText('2 shapes');
  await expect(page.getByTestId('canvas.saveState')).toHaveText(/Saved · v\d/);
  let stored = await api<SceneRecord>(request, 'scenes.get', { itemId });
  expect(stored.scene!.shapes.map((s) => s.kind)).toEqual(['box', 'ellipse']);
  const [box0, ellipse0] = stored.scene!.shapes as [Shape, Shape];
  near(box0.x, 100);
  near(box0.width, 160);
  near(ellipse0.height, 110);

  // Move the box by dragging its inside; resize the ellipse by its bottom-right handle.
  await drag(page, [180, 140], [220, 160]);
  await drag(page, [440, 205], [440, 205]);
  await drag(page, [520, 260], [560, 300]);
  await expect(page.getByTestId('canvas.saveState')).toHaveText(/Saved · v\d/);
  await expect.poll(async () => (await api<SceneRecord>(request, 'scenes.get', { itemId })).scene!.shapes[1]!.width).toBeGreaterThan(185);
  stored = await api<SceneRecord>(request, 'scenes.get', { itemId });
  const [box1, ellipse1] = stored.scene!.shapes as [Shape, Shape];
  near(box1.x, 140);
  near(box1.y, 100);
  near(ellipse1.width, 200);
  near(ellipse1.height, 150);

  // Undo the resize, then redo it: the stored scene follows each step.
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await api<SceneRecord>(request, 'scenes.get', { itemId })).scene!.shapes[1]!.width).toBeLessThan(170);
  near((await api<SceneRecord>(request, 'scenes.get', { itemId })).scene!.shapes[1]!.width, 160);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(async () => (await api<SceneRecord>(request, 'scenes.get', { itemId })).scene!.shapes[1]!.width).toBeGreaterThan(190);
  near((await api<SceneRecord>(request, 'scenes.get', { itemId })).scene!.shapes[1]!.width, 200);

  // The reference text, its font and colour; red like the shapes, so the export equals the red Times upper variant.
  await page.getByTestId('canvas.text').fill('What is inside the red box? Answer with one word.');
  await page.getByTestId('canvas.font.times').click();
  await page.getByTestId('canvas.textColour').fill('#ff0000');
  await expect.poll(async () => (await api<SceneRecord>(request, 'scenes.get', { itemId })).scene!.text)
    .toEqual({ content: 'What is inside the red box? Answer with one word.', font: 'Times New Roman', colour: '#FF0000', position: 'upper' });
  await page.screenshot({ path: 'e2e/screenshots/canvas-editor.png' });

  // The editor's export of the scene as drawn.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('canvas.export').click();
  const exported = readFileSync((await (await downloading).path())!);

  // Preview every variant of the item, then generate them all as a job.
  await page.locator('body').press('p');
  await expect(page.getByTestId('variants.tile')).toHaveCount(13);
  await page.screenshot({ path: 'e2e/screenshots/canvas-preview.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('variants.plan')).toContainText('13 images');
  await page.getByTestId('variants.generate').click();
  await expect(page.getByTestId('variants.result')).toContainText('13 variants', { timeout: 300_000 });
  await page.screenshot({ path: 'e2e/screenshots/canvas-generated.png' });

  const variants = await api<{ name: string; hash: string; level: string; sourceItemId: number }[]>(request, 'variants.list', { dataset: datasetId });
  expect(variants).toHaveLength(13);
  expect(variants.every((v) => v.sourceItemId === itemId)).toBe(true);
  expect(variants.filter((v) => v.level === 'full')).toHaveLength(8);

  // The same scene drawn by Node's batch rendering agrees with the browser's export to under 1/255 on average.
  const node = variants.find((v) => v.name === '0__full__red_drawn_times_upper')!;
  const rendered = Buffer.from(await (await request.get(`media/image/${node.hash}`)).body());
  // A full variant's band now also carries the question and options (VRPTest: no text prompt), so it is taller than
  // the editor's reference-text band; the picture with its shapes below the band is what both must draw alike.
  const partial = variants.find((v) => v.level === 'partial')!;
  const imageRows = (await rgbaOf(Buffer.from(await (await request.get(`media/image/${partial.hash}`)).body()))).height;
  const a = bottomRows(await rgbaOf(exported), imageRows);
  const b = bottomRows(await rgbaOf(rendered), imageRows);
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  const meanAbs = meanAbsDifference(a, b);
  console.log(`editor export vs Node render: mean absolute difference ${meanAbs.toFixed(4)} of 255 over ${a.width}×${a.height}`);
  expect(meanAbs).toBeLessThan(1);
  expect(errors).toEqual([]);
});
