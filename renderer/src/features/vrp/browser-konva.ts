import Konva from 'konva';
import './fonts.css';
import { buildVariant, type KonvaLib } from '@shared/vrp/konva-scene';
import type { VariantSpec } from '@shared/vrp/relations';
import { sceneFonts, type Scene } from '@shared/vrp/scene';
import { mediaUrl } from '../../api/call';

export const K: KonvaLib = Konva;

let fontsReady: Promise<void> | null = null;

/** Loads the bundled fonts before any text is measured: a band laid out with a fallback font would wrap differently. */
export function ensureFonts(): Promise<void> {
  fontsReady ??= Promise.all(sceneFonts.map((f) => document.fonts.load(`16px "${f}"`))).then(() => undefined);
  return fontsReady;
}

const images = new Map<string, Promise<HTMLImageElement>>();

/** An item's full image, loaded once, CORS-clean so the canvas it is drawn on can still be exported. */
export function loadSceneImage(hash: string): Promise<HTMLImageElement> {
  let found = images.get(hash);
  if (!found) {
    found = new Promise<HTMLImageElement>((resolve, reject) => {
      const img = new Image();
      img.crossOrigin = 'anonymous';
      img.onload = () => resolve(img);
      img.onerror = () => reject(new Error('the image could not be loaded'));
      img.src = mediaUrl(hash);
    });
    images.set(hash, found);
    found.catch(() => images.delete(hash));
  }
  return found;
}

/** Draws one variant with the shared scene builder at `scale` (1: the image's own pixels) onto a new canvas. */
export function drawVariant(image: HTMLImageElement, scene: Scene, spec: VariantSpec, scale = 1): HTMLCanvasElement {
  const built = buildVariant(K, image, scene, spec);
  try {
    return built.group.toCanvas({ x: 0, y: 0, width: built.width, height: built.height, pixelRatio: scale });
  } finally {
    built.group.destroy();
  }
}

/** PNG bytes of a variant at full size: the editor's export, compared with Node's rendering in the e2e test. */
export function variantPng(image: HTMLImageElement, scene: Scene, spec: VariantSpec): Promise<Blob> {
  const canvas = drawVariant(image, scene, spec, 1);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas could not be encoded'))), 'image/png'));
}
