import { createCanvas } from '@napi-rs/canvas';

/** A real PNG of the given size and colour, different for each colour. */
export function png(width = 8, height = 6, color = '#3366cc'): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}
