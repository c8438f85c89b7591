import type { Shape } from '@shared/vrp/scene';

/** An ellipse as exchange formats give it: centre, radii and rotation in degrees (clockwise in image coordinates). */
export interface Ellipse { cx: number; cy: number; rx: number; ry: number; rotation: number }

/** Our shapes keep the unrotated bounding box and rotate about its centre, so centre and radii fall out directly. */
export function ellipseOf(s: Shape): Ellipse {
  return { cx: s.x + s.width / 2, cy: s.y + s.height / 2, rx: s.width / 2, ry: s.height / 2, rotation: s.rotation };
}

export function fromEllipse(e: Ellipse): Pick<Shape, 'x' | 'y' | 'width' | 'height' | 'rotation'> {
  return { x: e.cx - e.rx, y: e.cy - e.ry, width: 2 * e.rx, height: 2 * e.ry, rotation: e.rotation };
}

/** The axis-aligned box around a rotated ellipse (COCO's `bbox` for it). */
export function ellipseBounds(e: Ellipse): [number, number, number, number] {
  const t = (e.rotation * Math.PI) / 180;
  const hx = Math.sqrt((e.rx * Math.cos(t)) ** 2 + (e.ry * Math.sin(t)) ** 2);
  const hy = Math.sqrt((e.rx * Math.sin(t)) ** 2 + (e.ry * Math.cos(t)) ** 2);
  return [e.cx - hx, e.cy - hy, 2 * hx, 2 * hy];
}

/** A region read from a file, before it becomes a shape on a matching item. */
export interface ImportedRegion {
  kind: Shape['kind'];
  geometry: Pick<Shape, 'x' | 'y' | 'width' | 'height' | 'rotation'>;
  id: string | null;
  stroke: string | null;
  strokeWidth: number | null;
}

/** One picture's regions and the keys that may name its item (ext id, file name, image hash). */
export interface ImportedImage {
  where: string;
  keys: string[];
  /** Pixels of the picture (COCO) or percent of its width and height (Label Studio). */
  unit: 'px' | 'percent';
  width: number | null;
  height: number | null;
  regions: ImportedRegion[];
}

/**
 * The names a picture's file may go by, from a path or URL as exchange files give it: Label Studio's local-files URL
 * holds the path URL-encoded in `?d=`, and its uploads prefix the file name with 8 hex digits and a dash (also in the
 * COCO files its converter writes). Both the name as written and without the prefix are offered, so a file really
 * named `deadbeef-x.png` still finds its item.
 */
export function fileStems(name: string): string[] {
  // Percent-decoding only (not form decoding): Label Studio writes `?d=` with Python's `quote`, so `+` is a plus.
  const local = /[?&]d=([^&#]*)/.exec(name);
  let path = local ? local[1]! : name;
  try { path = decodeURIComponent(path); } catch { /* a literal % in the name: keep it as written */ }
  const stem = path.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
  const unprefixed = stem.replace(/^[0-9a-f]{8}-/, '');
  return unprefixed === stem ? [stem] : [stem, unprefixed];
}
