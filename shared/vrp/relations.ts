import { z } from 'zod';
import type { SceneFont } from './scene';

/** VRPTest's metamorphic relations (METHODS §6) as the values stored with every variant and grouped by in reports. */
export const levels = ['none', 'partial', 'full'] as const;
export const colourValues = ['red', 'blue', 'default'] as const;
/** `drawn` keeps every shape as the annotator drew it, as the colour relation's `default` keeps its colour. */
export const shapeValues = ['box', 'ellipse', 'drawn', 'none'] as const;
export const fontValues = ['arial', 'times', 'none'] as const;
export const positionValues = ['upper', 'lower', 'none'] as const;

export type Level = (typeof levels)[number];
export type ColourValue = (typeof colourValues)[number];
export type ShapeValue = (typeof shapeValues)[number];
export type FontValue = (typeof fontValues)[number];
export type PositionValue = (typeof positionValues)[number];

export interface VariantSpec {
  level: Level;
  colour: ColourValue;
  shape: ShapeValue;
  font: FontValue;
  position: PositionValue;
}

export const RELATION_COLOURS: Record<Exclude<ColourValue, 'default'>, string> = { red: '#FF0000', blue: '#0000FF' };
export const FONT_FAMILIES: Record<Exclude<FontValue, 'none'>, SceneFont> = { arial: 'Arial', times: 'Times New Roman' };

const drawnShapes = z.enum(['box', 'ellipse', 'drawn']);
const someOf = <T extends z.ZodType>(values: T, name: string) => z.array(values).min(1, `choose at least one ${name}`);

/** Which values of each relation to generate, per intervention level; any subset of the factorial. */
export const variantSelectionSchema = z.object({
  none: z.boolean(),
  partial: z.object({ enabled: z.boolean(), colours: someOf(z.enum(colourValues), 'colour'), shapes: someOf(drawnShapes, 'shape') }),
  full: z.object({
    enabled: z.boolean(),
    colours: someOf(z.enum(colourValues), 'colour'),
    shapes: someOf(drawnShapes, 'shape'),
    fonts: someOf(z.enum(['arial', 'times']), 'font'),
    positions: someOf(z.enum(['upper', 'lower']), 'text position'),
  }),
});
export type VariantSelection = z.infer<typeof variantSelectionSchema>;

/**
 * The paper's set: per original 1 none + 4 partial (colour × shape) + 8 full. The paper does not say which three
 * relations span the 8 full variants; we take colour × font × position with the shapes as drawn, so every relation
 * that touches the text varies where there is text (docs/DECISIONS.md).
 */
export const PAPER_SELECTION: VariantSelection = {
  none: true,
  partial: { enabled: true, colours: ['red', 'blue'], shapes: ['box', 'ellipse'] },
  full: { enabled: true, colours: ['red', 'blue'], shapes: ['drawn'], fonts: ['arial', 'times'], positions: ['upper', 'lower'] },
};

/** Every variant a selection names, in a stable order (level, colour, shape, font, position). */
export function variantMatrix(selection: VariantSelection): VariantSpec[] {
  const out: VariantSpec[] = [];
  if (selection.none) out.push({ level: 'none', colour: 'default', shape: 'none', font: 'none', position: 'none' });
  if (selection.partial.enabled) {
    for (const colour of unique(selection.partial.colours)) {
      for (const shape of unique(selection.partial.shapes)) out.push({ level: 'partial', colour, shape, font: 'none', position: 'none' });
    }
  }
  if (selection.full.enabled) {
    const f = selection.full;
    for (const colour of unique(f.colours)) for (const shape of unique(f.shapes)) for (const font of unique(f.fonts)) {
      for (const position of unique(f.positions)) out.push({ level: 'full', colour, shape, font, position });
    }
  }
  return out;
}

/** Keeps only the listed levels (the CLI's `--levels`). */
export function restrictLevels(selection: VariantSelection, keep: readonly Level[]): VariantSelection {
  return {
    none: selection.none && keep.includes('none'),
    partial: { ...selection.partial, enabled: selection.partial.enabled && keep.includes('partial') },
    full: { ...selection.full, enabled: selection.full.enabled && keep.includes('full') },
  };
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/**
 * A variant's file stem, named after its source and every relation value so a file alone says what it is:
 * `<ext id>__<level>__<colour>_<shape>_<font>_<position>`. Ids with characters unsafe in file names get a short
 * checksum so two ids never collapse to one name.
 */
export function variantName(extId: string, spec: VariantSpec): string {
  const safe = extId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120);
  const stem = safe === extId ? safe : `${safe}-${checksum(extId)}`;
  return `${stem}__${spec.level}__${spec.colour}_${spec.shape}_${spec.font}_${spec.position}`;
}

/** FNV-1a, enough to tell apart ids that only differ in characters a file name cannot hold. */
function checksum(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

export const relationLabels = {
  level: { none: 'No intervention', partial: 'Partial intervention', full: 'Full intervention' },
  colour: { red: 'Red', blue: 'Blue', default: 'As drawn' },
  shape: { box: 'Box', ellipse: 'Ellipse', drawn: 'As drawn', none: 'None' },
  font: { arial: 'Arial', times: 'Times New Roman', none: 'None' },
  position: { upper: 'Upper band', lower: 'Lower band', none: 'None' },
} as const;

/** The text prompt of a full-intervention variant: the question itself is on the image. */
export const FULL_INTERVENTION_PROMPT = 'Answer the question written in the image.';
