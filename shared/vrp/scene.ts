import { z } from 'zod';

/** The scene document's schema version; bump it with a step in `migrate.ts` whenever the stored shape changes. */
export const SCENE_SCHEMA = 1;

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour is #RRGGBB');
const finite = z.number().finite();

/**
 * A box or an ellipse in the source image's pixel coordinates, given by its unrotated bounding box and a rotation
 * about its centre (boxes stay axis-aligned: only ellipses rotate). Resolution-independent of the screen.
 */
export const shapeSchema = z.object({
  id: z.string().min(1).max(64),
  kind: z.enum(['box', 'ellipse']),
  x: finite,
  y: finite,
  width: finite.positive(),
  height: finite.positive(),
  rotation: finite.default(0),
  stroke: hexColour,
  strokeWidth: finite.positive().max(200),
});
export type Shape = z.infer<typeof shapeSchema>;
export type ShapeKind = Shape['kind'];

export const sceneFonts = ['Arial', 'Times New Roman'] as const;
export type SceneFont = (typeof sceneFonts)[number];

/** The one reference text of a scene: written in a band added above or below the image, never over it. */
export const referenceTextSchema = z.object({
  content: z.string().max(2000),
  font: z.enum(sceneFonts),
  colour: hexColour,
  position: z.enum(['upper', 'lower']),
});
export type ReferenceText = z.infer<typeof referenceTextSchema>;

export const sceneSchema = z.object({
  schema: z.literal(SCENE_SCHEMA),
  /** The image the shapes were drawn on (the item's first image); a scene never applies to another picture. */
  image: z.object({ hash: z.string().min(1), width: z.number().int().positive(), height: z.number().int().positive() }),
  shapes: z.array(shapeSchema).max(2000),
  text: referenceTextSchema,
});
export type Scene = z.infer<typeof sceneSchema>;

export const DEFAULT_STROKE = '#FF0000';

/** A new scene on an image, its reference text prefilled with the question it will be written for. */
export function emptyScene(image: Scene['image'], question: string): Scene {
  return {
    schema: SCENE_SCHEMA,
    image,
    shapes: [],
    text: { content: question, font: 'Arial', colour: '#000000', position: 'upper' },
  };
}

/** A stroke that reads at the image's size: about half a percent of its longer edge, at least 2 px. */
export function defaultStrokeWidth(image: { width: number; height: number }): number {
  return Math.max(2, Math.round(Math.max(image.width, image.height) / 200));
}
