import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';

function png(color: string, label: string): string {
  const canvas = createCanvas(320, 200);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 320, 200);
  ctx.fillStyle = '#fff';
  ctx.fillRect(20, 20, 80 + label.length * 10, 40);
  return canvas.toBuffer('image/png').toString('base64');
}

/** Writes a small VLMEvalKit TSV (12 rows, two categories, one reused image) and returns its path. */
export function writeBenchTsv(name: string, options: { breakLine?: number } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'anchor-e2e-files-'));
  const lines = ['index\timage\tquestion\tA\tB\tC\tD\tanswer\tcategory\tl2-category'];
  for (let i = 0; i < 12; i++) {
    const image = i === 5 ? '0' : png(i % 2 ? '#2f6fdb' : '#d64545', `row ${i}`);
    const category = i < 8 ? 'color recognition' : 'counting';
    lines.push([String(i), image, `What colour is the background of picture ${i}?`, 'red', 'blue', 'green', 'white', i % 2 ? 'B' : 'A', category, 'perception'].join('\t'));
  }
  if (options.breakLine !== undefined) lines[options.breakLine - 1] = `${lines[options.breakLine - 1]}\tstray cell`;
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** A picture with detail worth a pixel comparison: a gradient, shapes and some text. */
function picture(seed: number): string {
  const canvas = createCanvas(640, 420);
  const ctx = canvas.getContext('2d');
  const g = ctx.createLinearGradient(0, 0, 640, 420);
  g.addColorStop(0, '#dfe9f5');
  g.addColorStop(1, seed % 2 ? '#f3e2c7' : '#cfe8d5');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 640, 420);
  ctx.fillStyle = '#2a6f4f';
  ctx.beginPath();
  ctx.arc(180 + seed * 20, 150, 60, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#7a3e9d';
  ctx.fillRect(380, 220, 150, 110);
  ctx.fillStyle = '#1f2933';
  ctx.font = '22px sans-serif';
  ctx.fillText(`picture ${seed}`, 30, 390);
  return canvas.toBuffer('image/png').toString('base64');
}

/** A VLMEvalKit TSV of `n` questions on pictures to draw visual prompts on. */
export function writePicturesTsv(name: string, n: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'anchor-e2e-files-'));
  const lines = ['index\timage\tquestion\tA\tB\tanswer\tcategory'];
  for (let i = 0; i < n; i++) lines.push([String(i), picture(i), `What is inside the marked region of picture ${i}?`, 'a circle', 'a square', 'A', 'shapes'].join('\t'));
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** Writes one JSON record a line, each beside its picture (`<i>.png`, which the record names), and returns its path. */
function writeJsonlWithPictures(name: string, rows: readonly { record: Record<string, unknown>; png: string }[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'anchor-e2e-files-'));
  const lines = rows.map(({ record, png: picturePng }, i) => {
    writeFileSync(join(dir, `${i}.png`), Buffer.from(picturePng, 'base64'));
    return JSON.stringify({ ...record, image: `${i}.png` });
  });
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** A JSONL dataset of `n` questions "Question i: …" (answer cycling A–D, two categories), as the engine tests use. */
export function writeEvalJsonl(name: string, n: number): string {
  return writeJsonlWithPictures(name, Array.from({ length: n }, (_, i) => ({
    png: png(i % 2 ? '#2f6fdb' : '#d64545', `q${i}`),
    record: { id: `q${i}`, question: `Question ${i}: which shape is marked?`, options: ['circle', 'square', 'triangle', 'star'], answer: 'ABCD'[i % 4], category: i % 2 ? 'odd' : 'even' },
  })));
}

/** A JSONL dataset of pictures to draw visual prompts on, one question per given id (ids as long as a benchmark's). */
export function writePicturesJsonl(name: string, ids: readonly string[]): string {
  return writeJsonlWithPictures(name, ids.map((id, i) => ({
    png: picture(i),
    record: { id, question: `What is inside the marked region of picture ${i}?`, options: ['a circle', 'a square'], answer: 'A', source: 'mmbench', category: 'shapes' },
  })));
}
