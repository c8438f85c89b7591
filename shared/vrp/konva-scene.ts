import type KonvaDefault from 'konva';
import type { ImageConfig } from 'konva/lib/shapes/Image';
import type { RectConfig } from 'konva/lib/shapes/Rect';
import type { EllipseConfig } from 'konva/lib/shapes/Ellipse';
import type { Scene, Shape } from './scene';
import { FONT_FAMILIES, RELATION_COLOURS, type VariantSpec } from './relations';

/**
 * THE scene-building code path (METHODS §6): the editor's canvas, its export and preview grid in the browser, and batch
 * rendering in Node all build their Konva nodes here, so a variant looks the same wherever it is drawn. Konva itself is
 * passed in, already set up for its environment (the DOM canvas, or @napi-rs/canvas in Node).
 */
export type KonvaLib = typeof KonvaDefault;
export type SceneImage = ImageConfig['image'];

const LINE_HEIGHT = 1.25;

/** Text size that stays legible at the image's size: about 1/34 of its width, 14–120 px. */
export function bandFontSize(imageWidth: number): number {
  return Math.min(120, Math.max(14, Math.round(imageWidth / 34)));
}

export type NodeSpec = { className: 'Rect'; attrs: RectConfig } | { className: 'Ellipse'; attrs: EllipseConfig };

/**
 * Konva attributes of one shape, centred on its box so a rotation turns it about its middle. `kind` and `stroke`
 * override the drawn ones (the shape and colour relations); `dy` shifts it below an upper band.
 */
export function shapeNode(shape: Shape, override: { kind?: Shape['kind']; stroke?: string; dy?: number } = {}): NodeSpec {
  const kind = override.kind ?? shape.kind;
  const common = {
    x: shape.x + shape.width / 2,
    y: shape.y + shape.height / 2 + (override.dy ?? 0),
    rotation: shape.rotation,
    stroke: override.stroke ?? shape.stroke,
    strokeWidth: shape.strokeWidth,
  };
  if (kind === 'ellipse') return { className: 'Ellipse', attrs: { ...common, radiusX: shape.width / 2, radiusY: shape.height / 2 } };
  return { className: 'Rect', attrs: { ...common, width: shape.width, height: shape.height, offsetX: shape.width / 2, offsetY: shape.height / 2 } };
}

export interface BandLayout {
  /** Height of the band added above or below the image, in image pixels. */
  height: number;
  text: KonvaDefault.Text;
}

/** Lays the reference text out in a band as wide as the image: wrapped at word boundaries, padded, measured by Konva. */
export function layoutBand(K: KonvaLib, content: string, font: string, fill: string, imageWidth: number): BandLayout {
  const fontSize = bandFontSize(imageWidth);
  const padding = Math.round(fontSize * 0.6);
  const text = new K.Text({
    x: padding, y: padding, width: Math.max(1, imageWidth - 2 * padding), text: content, fontFamily: font, fontSize,
    lineHeight: LINE_HEIGHT, wrap: 'word', fill, listening: false,
  });
  return { height: Math.ceil(text.height()) + 2 * padding, text };
}

export interface BuiltVariant {
  group: KonvaDefault.Group;
  width: number;
  height: number;
}

/** The spec that draws a scene exactly as the annotator made it: shapes, colours, font and band as edited. */
export function asDrawnSpec(scene: Scene): VariantSpec {
  return {
    level: 'full', colour: 'default', shape: 'drawn', position: scene.text.position,
    font: scene.text.font === 'Arial' ? 'arial' : 'times',
  };
}

/**
 * Builds one variant of a scene over its image: a white band with the reference text when the variant writes text
 * (full intervention with a position), the image, then the shapes recoloured and reshaped by the relation values.
 */
export function buildVariant(K: KonvaLib, image: SceneImage, scene: Scene, spec: VariantSpec): BuiltVariant {
  const { width, height } = scene.image;
  const group = new K.Group({ listening: false });
  const relationColour = spec.colour === 'default' ? null : RELATION_COLOURS[spec.colour];
  let band: BandLayout | null = null;
  if (spec.level === 'full' && spec.position !== 'none' && spec.font !== 'none') {
    band = layoutBand(K, scene.text.content, FONT_FAMILIES[spec.font], relationColour ?? scene.text.colour, width);
  }
  const total = height + (band?.height ?? 0);
  const imageTop = band && spec.position === 'upper' ? band.height : 0;
  group.add(new K.Rect({ x: 0, y: 0, width, height: total, fill: '#FFFFFF', listening: false }));
  group.add(new K.Image({ image, x: 0, y: imageTop, width, height, listening: false }));
  if (band) {
    band.text.y(band.text.y() + (spec.position === 'upper' ? 0 : height));
    group.add(band.text);
  }
  if (spec.level !== 'none' && spec.shape !== 'none') {
    const kind = spec.shape === 'drawn' ? undefined : spec.shape;
    for (const shape of scene.shapes) {
      const node = shapeNode(shape, { kind, stroke: relationColour ?? undefined, dy: imageTop });
      group.add(node.className === 'Rect' ? new K.Rect({ ...node.attrs, listening: false }) : new K.Ellipse({ ...node.attrs, listening: false }));
    }
  }
  return { group, width, height: total };
}
