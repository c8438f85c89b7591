import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { createBackendInternals } from '../electron/backend';
import { SCENE_SCHEMA } from '@shared/vrp/scene';

const ORIGINALS = Number(process.env.BENCH_ORIGINALS ?? 174);
const W = 1024;
const H = 768;
const IN_FLIGHT = 3;
const dir = join(__dirname, 'variants-174');

/** A chart-like picture, the kind VRPTest draws on (MathVista figures, IQ-test panels): flat fills, lines, text. */
function picture(i: number): Buffer {
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  const g = ctx.createLinearGradient(0, 0, W, H);
  g.addColorStop(0, '#f4f7fb');
  g.addColorStop(1, i % 2 ? '#e9f1e4' : '#f6ece0');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, W, H);
  for (let b = 0; b < 8; b++) {
    ctx.fillStyle = `hsl(${(i * 37 + b * 45) % 360}, 55%, 50%)`;
    const h = 80 + ((i * 13 + b * 71) % 480);
    ctx.fillRect(90 + b * 110, H - 90 - h, 70, h);
  }
  ctx.strokeStyle = '#1f2933';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(70, 60);
  ctx.lineTo(70, H - 90);
  ctx.lineTo(W - 40, H - 90);
  ctx.stroke();
  ctx.fillStyle = '#1f2933';
  ctx.font = '26px sans-serif';
  ctx.fillText(`Figure ${i}: values by group`, 90, 44);
  return canvas.toBuffer('image/png');
}

async function pipeline<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  const pending: Promise<unknown>[] = [];
  for (const item of items) {
    pending.push(work(item));
    if (pending.length >= IN_FLIGHT) await pending.shift();
  }
  await Promise.all(pending);
}

/**
 * Issue 4's acceptance: generating the paper's set (174 originals × 13 variants) at 1024×768 as one job. Baseline,
 * measured in the same run on the same machine: merely decoding and re-encoding the 2,262 resulting PNGs with the
 * same number of encodes in flight — the least any tool producing these files has to do.
 */
async function main() {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const lines = ['index\timage\tquestion\tA\tB\tanswer\tcategory'];
  for (let i = 0; i < ORIGINALS; i++) {
    lines.push([String(i), picture(i).toString('base64'), `Which bar inside the marked region of figure ${i} is the tallest, and by how much does it exceed the one beside it?`, 'the left one', 'the right one', 'A', 'charts'].join('\t'));
  }
  const tsv = join(dir, 'figures.tsv');
  writeFileSync(tsv, `${lines.join('\n')}\n`);
  const backend = await createBackendInternals({ dataDir: join(dir, 'data') });
  await backend.call('projects.create', { path: join(dir, 'vrp.anchor') });
  const { datasetId } = await backend.call('imports.run', { files: [tsv], dataset: 'figures' });
  for (const item of await backend.call('scenes.items', { datasetId })) {
    await backend.call('scenes.save', {
      itemId: item.id, baseVersion: 0, scene: {
        schema: SCENE_SCHEMA, image: item.image,
        shapes: [
          { id: 'a', kind: 'box', x: 300, y: 200, width: 260, height: 380, rotation: 0, stroke: '#FF0000', strokeWidth: 5 },
          { id: 'b', kind: 'ellipse', x: 640, y: 250, width: 200, height: 140, rotation: 15, stroke: '#FF0000', strokeWidth: 5 },
        ],
        text: { content: item.question, font: 'Arial', colour: '#000000', position: 'upper' },
      },
    });
  }

  let last = 0;
  const off = backend.events.on((e) => {
    if (e.type === 'job.progress' && e.job.kind === 'variants' && e.job.done - last >= 500) {
      last = e.job.done;
      console.log(`  progress ${e.job.done}/${e.job.total}`);
    }
  });
  const t0 = performance.now();
  const result = await backend.call('variants.run', { dataset: datasetId });
  const generateMs = performance.now() - t0;
  off();

  const db = backend.state.requireProject().db;
  const pngs = db.prepare('SELECT im.bytes FROM variants v JOIN images im ON im.hash = v.image_hash').pluck().all() as Buffer[];
  const t1 = performance.now();
  await pipeline(pngs, async (bytes) => {
    const image = await loadImage(bytes);
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    return canvas.encode('png');
  });
  const baselineMs = performance.now() - t1;
  await backend.close();
  rmSync(dir, { recursive: true, force: true });

  const rate = (result.variants / generateMs) * 1000;
  const baseRate = (pngs.length / baselineMs) * 1000;
  console.log(`generated ${result.variants} variants of ${result.originals} originals (${W}×${H}) in ${(generateMs / 1000).toFixed(1)} s: ${rate.toFixed(1)} variants/s`);
  console.log(`baseline: decode + re-encode the same ${pngs.length} PNGs in ${(baselineMs / 1000).toFixed(1)} s: ${baseRate.toFixed(1)} images/s`);
  console.log(`ratio generation / baseline: ${(rate / baseRate).toFixed(2)} (target ≥ 0.8)`);
}

void main();
