import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { StoredImage } from '../db/connection';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { maxImagePixels } from './pixel-budget';
import { imageDecodes } from './decode-limit';
import { imageRow, storeThumbnail, thumbnailRow } from './store';

const THUMB_EDGE = 192;

export type ImageBytes = StoredImage;

export function imageBytes(db: Db, hash: string): ImageBytes {
  const row = imageRow(db, hash);
  if (!row) throw new AppError('not_found', `image ${hash} is not in this project`);
  return row;
}

/**
 * A thumbnail, made once on first request and kept in the project: imports stay as fast as plain parsing, and the
 * browser never downloads a 4000-pixel chart to show a 48-pixel row icon. Many requests for one image share one
 * decode, and decodes across images are bounded (`imageDecodes`), so a crowd cannot multiply the memory a decode takes.
 */
export function thumbnail(db: Db, hash: string): Promise<ImageBytes> {
  // Kept on the connection (connection.ts): everyone asking for one while it is made waits for that one decode.
  const inFlight = db.thumbnailsInFlight;
  const pending = inFlight.get(hash);
  if (pending) return pending;
  const made = makeThumbnail(db, hash).finally(() => inFlight.delete(hash));
  inFlight.set(hash, made);
  return made;
}

async function makeThumbnail(db: Db, hash: string): Promise<ImageBytes> {
  const row = thumbnailRow(db, hash);
  if (!row) throw new AppError('not_found', `image ${hash} is not in this project`);
  if (row.thumb && row.thumb_mime) return { mime: row.thumb_mime, bytes: row.thumb };
  // Small ones are their own thumbnail; one over the pixel budget (stored before the budget existed) is never decoded here.
  if ((row.width <= THUMB_EDGE && row.height <= THUMB_EDGE) || row.width * row.height > maxImagePixels()) return { mime: row.mime, bytes: row.bytes };
  const scale = THUMB_EDGE / Math.max(row.width, row.height);
  const w = Math.max(1, Math.round(row.width * scale));
  const h = Math.max(1, Math.round(row.height * scale));
  let thumb: Buffer;
  try {
    thumb = await imageDecodes.run(async () => {
      const image = await loadImage(row.bytes);
      const canvas = createCanvas(w, h);
      canvas.getContext('2d').drawImage(image, 0, 0, w, h);
      return canvas.encode('webp', 80);
    });
  } catch {
    return { mime: row.mime, bytes: row.bytes };
  }
  storeThumbnail(db, hash, thumb, 'image/webp');
  return { mime: 'image/webp', bytes: thumb };
}
