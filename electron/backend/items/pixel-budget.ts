/**
 * A decoded image costs 4 bytes a pixel whatever its file size: a 389 KB PNG of 20000×20000 decodes to 1.6 GB.
 * Images are measured from their header at import (no decoding) and refused over this budget, so nothing stored is
 * ever a decompression bomb for thumbnails, the canvas or variant rendering. 50 megapixels (200 MB decoded) is far
 * above any benchmark image; the machine's owner can change it with ANCHOR_MAX_IMAGE_PIXELS.
 */
export const DEFAULT_MAX_IMAGE_PIXELS = 50_000_000;

export function maxImagePixels(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.ANCHOR_MAX_IMAGE_PIXELS);
  return Number.isSafeInteger(configured) && configured > 0 ? configured : DEFAULT_MAX_IMAGE_PIXELS;
}

const megapixels = (n: number) => `${(n / 1e6).toFixed(n < 1e7 ? 1 : 0)} megapixels`;

/** Throws (the importer names the line) when an image's header size is over the pixel budget. */
export function checkPixelBudget(image: { width: number; height: number }, budget = maxImagePixels()): void {
  const pixels = image.width * image.height;
  if (pixels > budget) {
    throw new Error(`the image is ${image.width}×${image.height} pixels (${megapixels(pixels)}); at most ${megapixels(budget)} are accepted (ANCHOR_MAX_IMAGE_PIXELS)`);
  }
}
