import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Shape } from '@shared/vrp/scene';
import { cocoScenes } from '../../../../test/fixtures/conformance/coco/scenes';
import { cocoDocument, readCoco } from './coco';
import { ellipseOf, type Ellipse, type ImportedImage } from './geometry';
import { ELLIPSE_TOLERANCE_PX, ellipseFromPolygon, ellipseVertexCount, polygonArea } from './polygon';

const FIXTURES = join(__dirname, '../../../../test/fixtures/conformance/coco');
const annotation = z.object({
  id: z.number(), image_id: z.number(), category_id: z.number(), bbox: z.array(z.number()), area: z.number(), iscrowd: z.number(),
  segmentation: z.array(z.array(z.number())),
}).passthrough();
const cocoFile = z.object({ images: z.array(z.object({ id: z.number() }).passthrough()), annotations: z.array(annotation) }).passthrough();
const masksFile = z.object({
  pycocotools: z.string(),
  masks: z.array(z.object({ id: z.number(), mask_area: z.number(), mask_bbox: z.array(z.number()).length(4) })),
  segm_stats: z.record(z.string(), z.number()),
});

const exported = () => cocoFile.parse(cocoDocument(cocoScenes));
const shapes = cocoScenes.flatMap((s) => s.scene.shapes);

function perimeter(p: readonly number[]): number {
  let n = 0;
  for (let i = 0; i < p.length; i += 2) n += Math.hypot(p[(i + 2) % p.length]! - p[i]!, p[(i + 3) % p.length]! - p[i + 1]!);
  return n;
}

/** Distance from (x, y) to the segment a–b. */
function toSegment(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const [dx, dy] = [bx - ax, by - ay];
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}

/** The farthest any point of the ellipse lies from the polygon's edge over the same arc (sampled finely). */
function largestGap(s: Shape, polygon: readonly number[]): number {
  const e = ellipseOf(s);
  const n = polygon.length / 2;
  const r = (e.rotation * Math.PI) / 180;
  let worst = 0;
  for (let k = 0; k < n; k++) {
    const [ax, ay, bx, by] = [polygon[2 * k]!, polygon[2 * k + 1]!, polygon[(2 * k + 2) % polygon.length]!, polygon[(2 * k + 3) % polygon.length]!];
    for (let j = 0; j <= 32; j++) {
      const a = (2 * Math.PI * (k + j / 32)) / n;
      const [x, y] = [e.rx * Math.cos(a), e.ry * Math.sin(a)];
      worst = Math.max(worst, toSegment(e.cx + x * Math.cos(r) - y * Math.sin(r), e.cy + x * Math.sin(r) + y * Math.cos(r), ax, ay, bx, by));
    }
  }
  return worst;
}

/** An ellipse told by what it looks like: centre, longer and shorter radius, the direction of the longer one. */
function axes(e: Ellipse) {
  const wide = e.rx >= e.ry;
  return { cx: e.cx, cy: e.cy, major: Math.max(e.rx, e.ry), minor: Math.min(e.rx, e.ry), angle: e.rotation + (wide ? 0 : 90) };
}

describe('COCO regions: segmentation polygons pycocotools reads, exact shapes kept beside them', () => {
  it('gives every region a polygon: a box its corners, an ellipse a polygon within the tolerance, with a consistent area', () => {
    const doc = exported();
    expect(doc.annotations).toHaveLength(shapes.length);
    doc.annotations.forEach((a, i) => {
      const s = shapes[i]!;
      expect(a.segmentation).toHaveLength(1);
      const polygon = a.segmentation[0]!;
      expect(a.area).toBeCloseTo(polygonArea(polygon), 6);
      if (s.kind === 'box') {
        expect(polygon).toEqual([s.x, s.y, s.x + s.width, s.y, s.x + s.width, s.y + s.height, s.x, s.y + s.height]);
        expect(a.area).toBeCloseTo(s.width * s.height, 6);
        return;
      }
      expect(polygon.length / 2).toBe(ellipseVertexCount(ellipseOf(s)));
      expect(largestGap(s, polygon), s.id).toBeLessThanOrEqual(ELLIPSE_TOLERANCE_PX);
      // An inscribed polygon loses at most the tolerance times its outline to the ellipse.
      const exact = (Math.PI * s.width * s.height) / 4;
      expect(a.area).toBeLessThanOrEqual(exact);
      expect(exact - a.area).toBeLessThanOrEqual(ELLIPSE_TOLERANCE_PX * perimeter(polygon));
    });
  });

  it('matches the masks pycocotools built from the fixture export, whose segm evaluation against itself is perfect', () => {
    const masks = masksFile.parse(JSON.parse(readFileSync(join(FIXTURES, 'masks.json'), 'utf8')));
    expect(masks.segm_stats).toMatchObject({ AP: 1, AP50: 1, AP75: 1, APs: 1, APm: 1, APl: 1, AR100: 1 });
    const doc = exported();
    expect(masks.masks.map((m) => m.id)).toEqual(doc.annotations.map((a) => a.id));
    doc.annotations.forEach((a, i) => {
      const mask = masks.masks[i]!;
      const polygon = a.segmentation[0]!;
      // A mask keeps the pixels whose centres fall inside: it can differ from the polygon only along its outline.
      expect(Math.abs(mask.mask_area - a.area), `annotation ${a.id}`).toBeLessThanOrEqual(perimeter(polygon) / 2);
      expect(mask.mask_area).toBeGreaterThan(0);
      const [x, y, w, h] = a.bbox as [number, number, number, number];
      const [mx, my, mw, mh] = mask.mask_bbox as [number, number, number, number];
      for (const [ours, theirs] of [[x, mx], [y, my], [x + w, mx + mw], [y + h, my + mh]] as const) {
        expect(Math.abs(ours - theirs), `annotation ${a.id} bbox`).toBeLessThanOrEqual(1);
      }
    });
  });

  it('reads the fixture file back to the exact shapes, and a plain COCO file (polygon or box only) within the tolerance', () => {
    const file = JSON.parse(readFileSync(join(FIXTURES, 'regions.json'), 'utf8'));
    const geometry = (images: ImportedImage[] | string) => {
      if (typeof images === 'string') throw new Error(images);
      return images.flatMap((im) => im.regions.map((r) => ({ id: r.id, kind: r.kind, ...r.geometry })));
    };
    const exact = shapes.map((s) => ({ id: s.id, kind: s.kind, x: s.x, y: s.y, width: s.width, height: s.height, rotation: s.rotation }));
    expect(geometry(readCoco(file))).toEqual(exact);

    // What another tool writes: categories, polygons and boxes, none of our fields.
    const plain = cocoFile.parse(file);
    plain.annotations = plain.annotations.map(({ id, image_id, category_id, bbox, area, iscrowd, segmentation }) =>
      ({ id, image_id, category_id, bbox, area, iscrowd, segmentation }));
    const read = geometry(readCoco(plain));
    read.forEach((r, i) => {
      const s = shapes[i]!;
      expect(r.kind).toBe(s.kind);
      const [got, want] = [axes(ellipseOf({ ...s, ...r, id: s.id })), axes(ellipseOf(s))];
      for (const k of ['cx', 'cy', 'major', 'minor'] as const) expect(Math.abs(got[k] - want[k]), `${s.id}.${k}`).toBeLessThanOrEqual(ELLIPSE_TOLERANCE_PX);
      // An axis is an axis whichever way it points; a circle has none.
      if (want.major - want.minor > 1) expect(Math.abs(((got.angle - want.angle) % 180 + 270) % 180 - 90), `${s.id} angle`).toBeLessThan(0.5);
    });

    // A polygon with no bbox still imports (a box is its bounds); an annotation with neither is refused by its place.
    const polygonOnly = { ...plain, annotations: [{ ...plain.annotations[0]!, bbox: undefined, category_id: 1 }] };
    expect(geometry(readCoco(polygonOnly))[0]).toMatchObject({ kind: 'box', x: 12.25, y: 30.5, width: 80.75, height: 40.125 });
    expect(readCoco({ ...plain, annotations: [{ image_id: 1, category_id: 1, segmentation: { counts: 'x', size: [1, 1] } }] }))
      .toBe('annotations[0]: neither a bbox nor a polygon segmentation');
  });

  it('fits a polygon-only ellipse drawn by another tool: centre, radii and angle of its axes', () => {
    const e = { cx: 200, cy: 120, rx: 80, ry: 30, rotation: 25 };
    const t = (25 * Math.PI) / 180;
    const polygon = Array.from({ length: 360 }, (_, k) => (2 * Math.PI * k) / 360).flatMap((a) => {
      const [x, y] = [e.rx * Math.cos(a), e.ry * Math.sin(a)];
      return [e.cx + x * Math.cos(t) - y * Math.sin(t), e.cy + x * Math.sin(t) + y * Math.cos(t)];
    });
    const fitted = ellipseFromPolygon(polygon)!;
    for (const k of ['cx', 'cy', 'rx', 'ry', 'rotation'] as const) expect(fitted[k]).toBeCloseTo(e[k], 1);
    expect(ellipseFromPolygon([0, 0, 10, 10, 20, 20])).toBeNull();
  });
});
