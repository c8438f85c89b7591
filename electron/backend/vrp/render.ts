import { createHash } from 'node:crypto';
import { loadImage, type Canvas, type Image } from '@napi-rs/canvas';
import { buildVariant, type KonvaLib, type SceneImage } from '@shared/vrp/konva-scene';
import type { VariantSpec } from '@shared/vrp/relations';
import type { Scene } from '@shared/vrp/scene';
import { AppError } from '../errors';

/** The largest image a variant is drawn from: 8192 px a side, 40 megapixels (a 4000×3000 photo is 12). */
export const MAX_RENDER_EDGE = 8192;
export const MAX_RENDER_PIXELS = 40_000_000;

/** Refuses an image too large to render before any memory is spent on it. */
export function checkRenderable(label: string, width: number, height: number): void {
  if (width > MAX_RENDER_EDGE || height > MAX_RENDER_EDGE || width * height > MAX_RENDER_PIXELS) {
    throw new AppError(
      'unsupported',
      `${label}: the image is ${width}×${height}; variants are drawn from images up to ${MAX_RENDER_EDGE} px a side and ${MAX_RENDER_PIXELS / 1e6} megapixels`,
    );
  }
}

/** Decodes source bytes once per original; the error names the item, never a decoder's internals. */
export async function decodeSource(label: string, bytes: Buffer): Promise<Image> {
  try {
    const image = await loadImage(bytes);
    if (!image.width || !image.height) throw new Error('no size');
    return image;
  } catch {
    throw new AppError('unsupported', `${label}: the image cannot be decoded (truncated, corrupt or not an image)`);
  }
}

export interface RenderedVariant {
  png: Buffer;
  hash: string;
  width: number;
  height: number;
}

/** Draws one variant with the shared scene builder and encodes it as PNG (lossless: pixels are the measurement). */
export async function renderVariant(K: KonvaLib, image: Image, scene: Scene, spec: VariantSpec): Promise<RenderedVariant> {
  const built = buildVariant(K, image as unknown as SceneImage, scene, spec);
  try {
    const canvas = built.group.toCanvas({ x: 0, y: 0, width: built.width, height: built.height, pixelRatio: 1 }) as unknown as Canvas;
    const png = await canvas.encode('png');
    return { png, hash: createHash('sha256').update(png).digest('hex'), width: built.width, height: built.height };
  } finally {
    built.group.destroy();
  }
}
