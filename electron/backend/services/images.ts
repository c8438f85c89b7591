import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Db } from '../db/open';
import { AppError } from '../errors';

const THUMB_EDGE = 192;

export interface ImageBytes {
  mime: string;
  bytes: Buffer;
}

export function imageBytes(db: Db, hash: string): ImageBytes {
  const row = db.prepare('SELECT mime, bytes FROM images WHERE hash = ?').get(hash) as ImageBytes | undefined;
  if (!row) throw new AppError('not_found', `image ${hash} is not in this project`);
  return row;
}

/**
 * A thumbnail, made on first request and kept in the project: imports stay as fast as plain parsing, and the
 * browser never downloads a 4000-pixel chart to show a 48-pixel row icon.
 */
export async function thumbnail(db: Db, hash: string): Promise<ImageBytes> {
  const row = db.prepare('SELECT mime, bytes, thumb, thumb_mime, width, height FROM images WHERE hash = ?').get(hash) as
    | { mime: string; bytes: Buffer; thumb: Buffer | null; thumb_mime: string | null; width: number; height: number }
    | undefined;
  if (!row) throw new AppError('not_found', `image ${hash} is not in this project`);
  if (row.thumb && row.thumb_mime) return { mime: row.thumb_mime, bytes: row.thumb };
  if (row.width <= THUMB_EDGE && row.height <= THUMB_EDGE) return { mime: row.mime, bytes: row.bytes };
  const scale = THUMB_EDGE / Math.max(row.width, row.height);
  const w = Math.max(1, Math.round(row.width * scale));
  const h = Math.max(1, Math.round(row.height * scale));
  let thumb: Buffer;
  try {
    const image = await loadImage(row.bytes);
    const canvas = createCanvas(w, h);
    canvas.getContext('2d').drawImage(image, 0, 0, w, h);
    thumb = await canvas.encode('webp', 80);
  } catch {
    return { mime: row.mime, bytes: row.bytes };
  }
  db.prepare('UPDATE images SET thumb = ?, thumb_mime = ? WHERE hash = ?').run(thumb, 'image/webp', hash);
  return { mime: 'image/webp', bytes: thumb };
}
