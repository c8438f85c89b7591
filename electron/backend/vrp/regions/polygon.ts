import type { Shape } from '@shared/vrp/scene';
import { ellipseOf, type Ellipse } from './geometry';

/**
 * The largest distance, in pixels, between an ellipse and the polygon written for it in COCO's `segmentation`
 * (docs/FORMATS.md). Half a pixel is what rasterising a mask costs anyway, so masks built from the polygon (pycocotools'
 * `annToMask`) differ from the ellipse's by no more than they would from the exact curve.
 */
export const ELLIPSE_TOLERANCE_PX = 0.5;
/** Never fewer vertices than this, so a tiny ellipse still reads as round rather than as a diamond. */
const MIN_VERTICES = 16;

/**
 * How many vertices an ellipse needs. Points at equal steps of the parameter on the circle of radius R = max(rx, ry)
 * stay within R·(1 − cos(π/n)) of it; squeezing that circle into the ellipse along one axis shortens every distance,
 * and rotating keeps them, so the same n bounds the ellipse's error too. Rounded up to a multiple of four so the
 * polygon keeps the ellipse's ends on both axes (its bounding box is the ellipse's when unrotated).
 */
export function ellipseVertexCount(e: Pick<Ellipse, 'rx' | 'ry'>, tolerance = ELLIPSE_TOLERANCE_PX): number {
  const r = Math.max(e.rx, e.ry);
  const n = r <= tolerance ? MIN_VERTICES : Math.ceil(Math.PI / Math.acos(1 - tolerance / r));
  return Math.max(MIN_VERTICES, Math.ceil(n / 4) * 4);
}

/** An ellipse's vertices, clockwise on screen (y down) from the end of its first radius. */
export function ellipsePolygon(e: Ellipse): number[] {
  const n = ellipseVertexCount(e);
  const t = (e.rotation * Math.PI) / 180;
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    const a = (2 * Math.PI * k) / n;
    const x = e.rx * Math.cos(a);
    const y = e.ry * Math.sin(a);
    out.push(e.cx + x * Math.cos(t) - y * Math.sin(t), e.cy + x * Math.sin(t) + y * Math.cos(t));
  }
  return out;
}

/** A shape's outline as COCO's flat `[x1, y1, x2, y2, …]`: a box's four corners or the ellipse's polygon. */
export function shapePolygon(s: Shape): number[] {
  if (s.kind === 'ellipse') return ellipsePolygon(ellipseOf(s));
  const [x0, y0, x1, y1] = [s.x, s.y, s.x + s.width, s.y + s.height];
  return [x0, y0, x1, y0, x1, y1, x0, y1];
}

/** The area a flat polygon encloses (the shoelace formula), whichever way it winds. */
export function polygonArea(p: readonly number[]): number {
  let twice = 0;
  for (let i = 0; i < p.length; i += 2) {
    const j = (i + 2) % p.length;
    twice += p[i]! * p[j + 1]! - p[j]! * p[i + 1]!;
  }
  return Math.abs(twice) / 2;
}

/** The axis-aligned box `[x, y, width, height]` around a flat polygon. */
export function polygonBounds(p: readonly number[]): [number, number, number, number] {
  const xs = p.filter((_, i) => i % 2 === 0);
  const ys = p.filter((_, i) => i % 2 === 1);
  const [x, y] = [Math.min(...xs), Math.min(...ys)];
  return [x, y, Math.max(...xs) - x, Math.max(...ys) - y];
}

/** Area, centroid and second central moments of a flat polygon (Green's theorem over its edges). */
function moments(p: readonly number[]) {
  let a = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  for (let i = 0; i < p.length; i += 2) {
    const j = (i + 2) % p.length;
    const [x0, y0, x1, y1] = [p[i]!, p[i + 1]!, p[j]!, p[j + 1]!];
    const c = x0 * y1 - x1 * y0;
    a += c;
    sx += (x0 + x1) * c;
    sy += (y0 + y1) * c;
    sxx += (x0 * x0 + x0 * x1 + x1 * x1) * c;
    syy += (y0 * y0 + y0 * y1 + y1 * y1) * c;
    sxy += (x0 * y1 + 2 * x0 * y0 + 2 * x1 * y1 + x1 * y0) * c;
  }
  const area = a / 2;
  const cx = sx / (6 * area);
  const cy = sy / (6 * area);
  return { area, cx, cy, xx: sxx / (12 * area) - cx * cx, yy: syy / (12 * area) - cy * cy, xy: sxy / (24 * area) - cx * cy };
}

/**
 * The ellipse a polygon outlines, for COCO files that carry only `segmentation` (no exact geometry): the ellipse with
 * the polygon's centroid and second moments. A filled ellipse's second moment along each axis is r²/4, so the radii
 * follow from the eigenvalues. For our own polygons the radii come out within ELLIPSE_TOLERANCE_PX (an inscribed polygon
 * loses about two thirds of its chord error). Null for a degenerate polygon.
 */
export function ellipseFromPolygon(p: readonly number[]): Ellipse | null {
  if (p.length < 6) return null;
  const m = moments(p);
  if (!Number.isFinite(m.area) || Math.abs(m.area) < 1e-9) return null;
  const half = (m.xx + m.yy) / 2;
  const spread = Math.sqrt(((m.xx - m.yy) / 2) ** 2 + m.xy ** 2);
  const [l1, l2] = [half + spread, Math.max(half - spread, 0)];
  if (!Number.isFinite(l1) || l2 <= 0) return null;
  // A circle has no axis: any angle fits, and 0 reads best.
  const round = spread <= 1e-9 * half;
  const rotation = round ? 0 : (Math.atan2(2 * m.xy, m.xx - m.yy) / 2) * (180 / Math.PI);
  return { cx: m.cx, cy: m.cy, rx: 2 * Math.sqrt(l1), ry: 2 * Math.sqrt(l2), rotation };
}
