import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { Backend } from '../electron/backend';
import type { CanvasItem } from '@shared/contract';
import { SCENE_SCHEMA, type Scene, type Shape } from '@shared/vrp/scene';
import { writeTsv } from './fixtures';

/** A grey picture with a dark square, so drawn shapes and band text stand out in pixel checks. */
export function picture(width: number, height: number, shade = 200): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = `rgb(${shade}, ${shade}, ${shade})`;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#333333';
  ctx.fillRect(width * 0.1, height * 0.1, width * 0.2, height * 0.2);
  return canvas.toBuffer('image/png');
}

/** A dataset of `n` multiple-choice questions, each with its own picture of the given size. */
export async function seedPictures(backend: Backend, dir: string, n: number, size = { width: 160, height: 120 }, name = 'pictures'): Promise<CanvasItem[]> {
  const rows = [['index', 'image', 'question', 'A', 'B', 'answer', 'category']];
  for (let i = 0; i < n; i++) {
    rows.push([String(i), picture(size.width, size.height, 180 + i).toString('base64'), `What is inside the marked region ${i}?`, 'a square', 'a circle', 'A', 'shapes']);
  }
  const file = join(dir, `${name}.tsv`);
  writeTsv(file, rows);
  const { datasetId } = await backend.call('imports.run', { files: [file], dataset: name });
  return backend.call('scenes.items', { datasetId });
}

export function box(id: string, x: number, y: number, width: number, height: number, extra: Partial<Shape> = {}): Shape {
  return { id, kind: 'box', x, y, width, height, rotation: 0, stroke: '#00AA00', strokeWidth: 3, ...extra };
}

/** A scene on an item's picture: a box and an ellipse, and its question as the reference text. */
export function sceneFor(item: CanvasItem, shapes?: Shape[], text?: Partial<Scene['text']>): Scene {
  const w = item.image.width;
  const h = item.image.height;
  return {
    schema: SCENE_SCHEMA,
    image: item.image,
    shapes: shapes ?? [
      box('b1', w * 0.1, h * 0.1, w * 0.2, h * 0.2),
      box('e1', w * 0.5, h * 0.5, w * 0.3, h * 0.2, { kind: 'ellipse', rotation: 20 }),
    ],
    text: { content: item.question, font: 'Arial', colour: '#000000', position: 'upper', ...text },
  };
}
