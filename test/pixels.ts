import { createCanvas, loadImage } from '@napi-rs/canvas';

export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Decodes image bytes to RGBA, for tests that check what was drawn. */
export async function rgbaOf(bytes: Buffer): Promise<Pixels> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data };
}

/** Mean absolute difference per channel, 0–255, of two images of the same size. */
export function meanAbsDifference(a: Pixels, b: Pixels): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`sizes differ: ${a.width}×${a.height} vs ${b.width}×${b.height}`);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}

/** The last `rows` rows of an image: the picture under a band of text, whose height may differ between renderings. */
export function bottomRows(p: Pixels, rows: number): Pixels {
  const start = (p.height - rows) * p.width * 4;
  return { width: p.width, height: rows, data: p.data.slice(start) };
}
