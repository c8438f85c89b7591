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
