import { writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { mulberry32 as random } from '@shared/scoring/cluster-bootstrap';

const colour = (r: () => number) => `rgb(${Math.floor(r() * 256)},${Math.floor(r() * 256)},${Math.floor(r() * 256)})`;
const WORDS = ['chart', 'Which', 'option', 'value', 'sales', '2019', 'area', 'left', 'cat', 'blue', 'total', 'graph'];

/**
 * A distinct picture for seed `seed`: a random linear gradient, a dozen random shapes, a line of text and per-pixel
 * noise (natural photos are never flat), 320×240 by default. Different seeds give unrelated pictures.
 */
export function distinctImage(seed: number, width = 320, height = 240): Buffer {
  const r = random(seed);
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  const gradient = g.createLinearGradient(r() * width, r() * height, r() * width, r() * height);
  gradient.addColorStop(0, colour(r));
  gradient.addColorStop(1, colour(r));
  g.fillStyle = gradient;
  g.fillRect(0, 0, width, height);
  for (let s = 0; s < 12; s++) {
    g.fillStyle = colour(r);
    const x = r() * width;
    const y = r() * height;
    if (r() < 0.5) g.fillRect(x, y, 10 + r() * width * 0.4, 10 + r() * height * 0.4);
    else {
      g.beginPath();
      g.arc(x, y, 5 + r() * height * 0.25, 0, Math.PI * 2);
      g.fill();
    }
  }
  g.fillStyle = colour(r);
  g.font = `${16 + Math.floor(r() * 24)}px sans-serif`;
  g.fillText(Array.from({ length: 3 }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' '), r() * width * 0.5, 20 + r() * (height - 30));
  const pixels = g.getImageData(0, 0, width, height);
  for (let i = 0; i < pixels.data.length; i++) if (i % 4 !== 3) pixels.data[i] = pixels.data[i]! + Math.round((r() - 0.5) * 24);
  g.putImageData(pixels, 0, 0);
  return canvas.toBuffer('image/png');
}

export type Variant = 'jpeg' | 'half' | 'double' | 'crop5';

/** A copy of an image as a dataset builder would make it: re-encoded as JPEG (quality 70), resized to 50% or 200%, or cropped 5% per side. */
export async function variantOf(bytes: Buffer, variant: Variant): Promise<Buffer> {
  if (variant === 'jpeg') return reencoded(bytes, 70);
  if (variant === 'crop5') return cropped(bytes, 0.05);
  const image = await loadImage(bytes);
  const scale = variant === 'half' ? 0.5 : 2;
  const canvas = createCanvas(Math.round(image.width * scale), Math.round(image.height * scale));
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.encode('png');
}

/** The image re-encoded as JPEG at `quality` (0–100). */
export async function reencoded(bytes: Buffer, quality: number): Promise<Buffer> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.encode('jpeg', quality);
}

/** The image less `fraction` of its width and height on each side. */
export async function cropped(bytes: Buffer, fraction: number): Promise<Buffer> {
  const image = await loadImage(bytes);
  const { width, height } = image;
  const dx = Math.round(width * fraction);
  const dy = Math.round(height * fraction);
  const canvas = createCanvas(width - 2 * dx, height - 2 * dy);
  canvas.getContext('2d').drawImage(image, dx, dy, width - 2 * dx, height - 2 * dy, 0, 0, width - 2 * dx, height - 2 * dy);
  return canvas.encode('png');
}

export const variants: readonly Variant[] = ['jpeg', 'half', 'double', 'crop5'];

/** One JSONL line of a duplicates fixture: an id, a question with yes/no options, and the image in base64. */
export interface ImageLine { id: string; question: string; image: Buffer }

/** Writes a JSONL dataset of such lines (images inline, so the file stands alone) and returns its path. */
export function writeImageJsonl(path: string, lines: readonly ImageLine[]): string {
  const json = (l: ImageLine) => JSON.stringify({ id: l.id, question: l.question, options: ['yes', 'no'], answer: 'A', image: l.image.toString('base64') });
  writeFileSync(path, lines.map(json).join('\n'));
  return path;
}
