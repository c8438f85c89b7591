import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { chromium, type Page } from '@playwright/test';
import { createBackend } from '../electron/backend';
import { startHttpServer } from '../electron/backend/http/server';
import { SCENE_SCHEMA, type Shape } from '@shared/vrp/scene';
import { chromiumPath } from '../e2e/chromium';

const root = join(__dirname, '..', '..');
const dir = join(__dirname, 'canvas-300');
const W = 4000;
const H = 3000;

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

function shapes(n: number): Shape[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `s${i}`, kind: i % 2 ? 'ellipse' : 'box', x: 100 + (i % 20) * 190, y: 100 + Math.floor(i / 20) * 190, width: 150, height: 120,
    rotation: i % 2 ? 20 : 0, stroke: '#FF0000', strokeWidth: 8,
  }));
}

/** Frame intervals (ms) in the page while the mouse drags the first shape across the image and back. */
async function dragFrames(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    // Runs in the page; this file is type-checked without the DOM library, hence the shape spelled out.
    const w = globalThis as unknown as { frames_: number[]; stop_: boolean; requestAnimationFrame(cb: (t: number) => void): void };
    w.frames_ = [];
    w.stop_ = false;
    let last = performance.now();
    const tick = (t: number) => {
      w.frames_.push(t - last);
      last = t;
      if (!w.stop_) w.requestAnimationFrame(tick);
    };
    w.requestAnimationFrame(tick);
  });
  const stage = page.getByTestId('canvas.stage');
  const box = (await stage.boundingBox())!;
  const scale = Number(await stage.getAttribute('data-scale'));
  const [ox, oy] = (await stage.getAttribute('data-offset'))!.split(',').map(Number) as [number, number];
  const top = Number(await stage.getAttribute('data-image-top'));
  const at = (ix: number, iy: number) => ({ x: box.x + ox + ix * scale, y: box.y + oy + (top + iy) * scale });
  const start = at(175, 160);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let i = 1; i <= 120; i++) await page.mouse.move(start.x + i * 3, start.y + i * 2);
  for (let i = 120; i >= 0; i--) await page.mouse.move(start.x + i * 3, start.y + i * 2);
  await page.mouse.up();
  for (let z = 0; z < 20; z++) await page.mouse.wheel(0, z < 10 ? -120 : 120);
  return page.evaluate(() => {
    const w = globalThis as unknown as { frames_: number[]; stop_: boolean };
    w.stop_ = true;
    return w.frames_.slice(2);
  });
}

/**
 * The editor with 300 shapes on a 4000×3000 image: frame intervals while dragging a shape and zooming, against the
 * same gestures on the same image with one shape (the baseline, same browser, same run). Needs `npm run build`.
 */
async function main() {
  const staticDir = join(root, 'dist', 'renderer');
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('build the renderer first: npm run build');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  const g = ctx.createLinearGradient(0, 0, W, H);
  g.addColorStop(0, '#dfe9f5');
  g.addColorStop(1, '#f3e2c7');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, W, H);
  const tsv = join(dir, 'big.tsv');
  const image = canvas.toBuffer('image/png').toString('base64');
  writeFileSync(tsv, `index\timage\tquestion\tA\tB\tanswer\n0\t${image}\tWhat is marked?\tx\ty\tA\n1\t${image}\tWhat is marked here?\tx\ty\tA\n`);
  const backend = await createBackend({ dataDir: join(dir, 'data') });
  await backend.call('projects.create', { path: join(dir, 'big.anchor') });
  const { datasetId } = await backend.call('imports.run', { files: [tsv], dataset: 'big' });
  const items = await backend.call('scenes.items', { datasetId });
  for (const [i, n] of [[0, 1], [1, 300]] as const) {
    const item = items[i]!;
    await backend.call('scenes.save', { itemId: item.id, baseVersion: 0, scene: { schema: SCENE_SCHEMA, image: item.image, shapes: shapes(n), text: { content: item.question, font: 'Arial', colour: '#000000', position: 'upper' } } });
  }
  const server = await startHttpServer(backend, { host: '127.0.0.1', port: 0, staticDir });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.url}#/vrp`);
  const results: Record<string, number[]> = {};
  for (const [label, extId] of [['1 shape', '0'], ['300 shapes', '1']] as const) {
    await page.getByTestId(`canvas.item.${extId}`).click();
    await page.getByTestId('canvas.stage').locator('canvas').first().waitFor();
    await page.waitForTimeout(500);
    results[label] = await dragFrames(page);
  }
  await browser.close();
  await server.close();
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
  const base = results['1 shape']!;
  const many = results['300 shapes']!;
  for (const [label, frames] of Object.entries(results)) {
    console.log(`${label}: ${frames.length} frames, median ${percentile(frames, 0.5).toFixed(1)} ms, p95 ${percentile(frames, 0.95).toFixed(1)} ms`);
  }
  console.log(`p95 frame interval, 300 shapes / 1 shape: ${(percentile(many, 0.95) / percentile(base, 0.95)).toFixed(2)}`);
}

void main();
