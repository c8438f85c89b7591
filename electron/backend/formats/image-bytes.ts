import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import { incompleteImage } from './image-complete';

export interface DecodedImage {
  hash: string;
  bytes: Buffer;
  mime: string;
  width: number;
  height: number;
}

/** Largest single image we accept; bigger ones are almost always a wrong column, and would bloat the project. */
export const MAX_IMAGE_BYTES = 64 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes a base64 cell strictly: Node's decoder silently skips junk, which would store garbage as an image. */
export function decodeBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (compact.length === 0) throw new Error('the image cell is empty');
  if (compact.length % 4 === 1 || !BASE64.test(compact)) {
    throw new Error('the image is not valid base64');
  }
  return Buffer.from(compact, 'base64');
}

function sniffMime(bytes: Buffer): string | null {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && bytes.toString('latin1', 0, 4) === 'GIF8') return 'image/gif';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  if (bytes.length >= 2 && bytes[0] === 0x42 && bytes[1] === 0x4d) return 'image/bmp';
  return null;
}

/** Identifies and measures image bytes, refusing anything that is not a PNG, JPEG, GIF, WebP or BMP. */
export function describeImage(bytes: Buffer): DecodedImage {
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new Error(`the image is ${(bytes.length / 1048576).toFixed(0)} MB; at most ${MAX_IMAGE_BYTES / 1048576} MB is accepted`);
  }
  const mime = sniffMime(bytes);
  if (!mime) throw new Error('the bytes are not a PNG, JPEG, GIF, WebP or BMP image');
  let width: number;
  let height: number;
  try {
    const size = imageSize(bytes);
    width = size.width ?? 0;
    height = size.height ?? 0;
  } catch {
    throw new Error(`the ${mime} image is truncated or corrupt`);
  }
  if (width <= 0 || height <= 0) throw new Error(`the ${mime} image has no size`);
  const incomplete = incompleteImage(bytes, mime);
  if (incomplete) throw new Error(incomplete);
  const hash = createHash('sha256').update(bytes).digest('hex');
  return { hash, bytes, mime, width, height };
}
