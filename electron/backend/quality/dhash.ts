import { createCanvas, loadImage } from '@napi-rs/canvas';

/**
 * A copy cropped by ~5% a side moves dHash's cells by half a cell, as many bits as unrelated pictures share; so each
 * image is also hashed without 5% of each side, and a crop is compared with the inner hash of its original.
 */
export const INNER_MARGIN = 0.05;

/**
 * An image's dHash over the whole picture and over the picture less `INNER_MARGIN` of each side, 16 hex digits each,
 * and whether it is flat: its 9×8 cells span less than `FLAT_SPAN` grey levels (a blank or one-colour image), so its
 * bits say nothing of the picture and it is never compared (DECISIONS 232).
 */
export interface ImageHashes {
  whole: string;
  inner: string;
  flat: boolean;
}

/** Grey levels (of 255) the cells of an image must span for its dHash to describe a picture. */
export const FLAT_SPAN = 1;

/** dHash's grid: 9 columns so that 8 horizontal neighbour pairs per row, 8 rows → 64 bits. */
const COLUMNS = 9;
const ROWS = 8;

/**
 * The difference hash (dHash) of an encoded image, as 16 hex digits (METHODS §9): the image is laid on white (so a
 * transparent PNG hashes like its rendering), turned grey (ITU-R BT.601 luma, 0.299 R + 0.587 G + 0.114 B), shrunk to
 * 9×8 by averaging every source pixel each cell covers (an area filter, weighted by the fraction of a pixel at the
 * cell's edges, so a 50% or 200% copy lands on the same cells), and each of the 8×8 cells gives one bit: 1 when it is
 * brighter than its right-hand neighbour. Re-encoding, resizing and small crops move few bits; different pictures
 * differ in about half of them.
 */
export async function dHash(bytes: Buffer): Promise<ImageHashes> {
  const image = await loadImage(bytes);
  const { width, height } = image;
  if (width < 1 || height < 1) throw new Error('the image has no pixels');
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0);
  const grey = greyPixels(context.getImageData(0, 0, width, height).data, width * height);
  const cells = areaResize(grey, width, height, COLUMNS, ROWS);
  const flat = Math.max(...cells) - Math.min(...cells) < FLAT_SPAN;
  return { whole: bitsOf(cells), inner: bitsOf(areaResize(grey, width, height, COLUMNS, ROWS, INNER_MARGIN)), flat };
}

function greyPixels(rgba: Uint8ClampedArray, count: number): Float64Array {
  const grey = new Float64Array(count);
  for (let i = 0; i < count; i++) grey[i] = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
  return grey;
}

/** For each of `cells` output cells over source pixels `begin`…`end`: the source pixels it covers and their weights. */
function coverage(begin: number, end: number, cells: number): { from: number; weights: number[] }[] {
  const step = (end - begin) / cells;
  const size = Math.ceil(end);
  return Array.from({ length: cells }, (_, cell) => {
    const start = begin + cell * step;
    const stop = start + step;
    const from = Math.floor(start);
    const weights: number[] = [];
    for (let p = from; p < Math.min(size, Math.ceil(stop)); p++) weights.push(Math.min(stop, p + 1) - Math.max(start, p));
    return { from, weights };
  });
}

/**
 * Area (box) resampling of the image less `margin` of each side: each output cell is the mean of the source it covers,
 * fractional edge pixels included.
 */
export function areaResize(grey: Float64Array, width: number, height: number, columns: number, rows: number, margin = 0): Float64Array {
  const across = coverage(width * margin, width * (1 - margin), columns);
  // Columns first: every source row shrunk to `columns` sums, then the rows combined.
  const narrow = new Float64Array(height * columns);
  for (let y = 0; y < height; y++) {
    for (let c = 0; c < columns; c++) {
      const { from, weights } = across[c]!;
      let sum = 0;
      for (let k = 0; k < weights.length; k++) sum += grey[y * width + from + k]! * weights[k]!;
      narrow[y * columns + c] = sum;
    }
  }
  const down = coverage(height * margin, height * (1 - margin), rows);
  const out = new Float64Array(rows * columns);
  const area = ((width * (1 - 2 * margin)) / columns) * ((height * (1 - 2 * margin)) / rows);
  for (let r = 0; r < rows; r++) {
    const { from, weights } = down[r]!;
    for (let c = 0; c < columns; c++) {
      let sum = 0;
      for (let k = 0; k < weights.length; k++) sum += narrow[(from + k) * columns + c]! * weights[k]!;
      out[r * columns + c] = sum / area;
    }
  }
  return out;
}

function bitsOf(cells: Float64Array): string {
  let hex = '';
  for (let r = 0; r < ROWS; r++) {
    let byte = 0;
    for (let c = 0; c < COLUMNS - 1; c++) byte = (byte << 1) | (cells[r * COLUMNS + c]! > cells[r * COLUMNS + c + 1]! ? 1 : 0);
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

const popcount32 = (n: number) => {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/** A hash as two 32-bit halves, so that comparing all pairs of a project needs no BigInt. */
export type HashHalves = readonly [number, number];

export const halves = (hex: string): HashHalves => [parseInt(hex.slice(0, 8), 16), parseInt(hex.slice(8, 16), 16)];

/** How many of the 64 bits differ. */
export const hamming = (a: HashHalves, b: HashHalves): number => popcount32((a[0] ^ b[0]) >>> 0) + popcount32((a[1] ^ b[1]) >>> 0);

/**
 * How far apart two images are: the fewest differing bits of whole against whole, or of one's whole picture against
 * the other's inner part (one is a crop of the other).
 */
export function imageDistance(a: { whole: HashHalves; inner: HashHalves }, b: { whole: HashHalves; inner: HashHalves }): number {
  return Math.min(hamming(a.whole, b.whole), hamming(a.whole, b.inner), hamming(a.inner, b.whole));
}
