import Konva from 'konva';
import { createCanvas, DOMMatrix, Image, Path2D } from '@napi-rs/canvas';
import type { KonvaLib } from '@shared/vrp/konva-scene';
import { registerFonts } from './fonts';

let ready = false;

/**
 * Konva drawing into @napi-rs/canvas (Konva ships backends for `canvas` and `skia-canvas` only; this is the same
 * wiring for the Skia binding we already use for thumbnails), with the bundled fonts registered by the names scenes use.
 */
export function nodeKonva(resourcesDir: string): KonvaLib {
  if (ready) return Konva;
  registerFonts(resourcesDir);
  const g = globalThis as Record<string, unknown>;
  g.DOMMatrix ??= DOMMatrix;
  g.Path2D ??= Path2D;
  Konva.Util.createCanvasElement = () => {
    const canvas = createCanvas(300, 300) as unknown as { style?: object };
    // Konva sets style sizes on its canvases; a headless canvas has no style object.
    canvas.style ??= {};
    return canvas as unknown as ReturnType<typeof Konva.Util.createCanvasElement>;
  };
  Konva.Util.createImageElement = () => new Image() as unknown as ReturnType<typeof Konva.Util.createImageElement>;
  // Image pixels map to output pixels one to one; a device pixel ratio means nothing here.
  Konva.pixelRatio = 1;
  ready = true;
  return Konva;
}
