import { closeSync, constants, existsSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { fileKind } from './file-kind';
import { dirname, isAbsolute, resolve } from 'node:path';
import { decodeBase64, describeImage, MAX_IMAGE_BYTES, type DecodedImage } from './image-bytes';
import { requireImageBesideUpload } from '../uploads';

const PATH_LIKE = /\.(png|jpe?g|gif|webp|bmp)$/i;
const BASE64_TEXT = /^[A-Za-z0-9+/\s]+={0,2}$/;

function looksLikeBase64(text: string): boolean {
  return text.length >= 16 && BASE64_TEXT.test(text);
}

/**
 * Reads an image named by path, only when it is a regular file: a FIFO would block the import forever and a device
 * (/dev/zero) never ends. Opened without blocking and checked on the open descriptor, so the file cannot be swapped
 * for another between the check and the read.
 */
function readImageFile(path: string, baseFile: string): Buffer {
  const full = isAbsolute(path) ? path : resolve(dirname(baseFile), path);
  requireImageBesideUpload(baseFile, full);
  if (!existsSync(full)) throw new Error(`image file ${path} does not exist (looked for ${full})`);
  const fd = openSync(full, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new Error(`image file ${path} is not a regular file (${fileKind(stat)}); only files are read`);
    if (stat.size > MAX_IMAGE_BYTES) throw new Error(`image file ${path} is larger than ${MAX_IMAGE_BYTES / 1048576} MB`);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Resolves the ways releases store an image — base64, a data URL, a path relative to the file, raw bytes, or a
 * `{ bytes, path }` struct as Hugging Face parquet files do — to checked image bytes.
 */
export function resolveImage(value: unknown, baseFile: string): DecodedImage {
  if (value instanceof Uint8Array) return describeImage(Buffer.from(value));
  if (Array.isArray(value) && value.every((v) => typeof v === 'number')) return describeImage(Buffer.from(value));
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('data:')) {
      const comma = text.indexOf(',');
      if (comma < 0 || !text.slice(0, comma).endsWith(';base64')) throw new Error('the data URL is not base64');
      return describeImage(decodeBase64(text.slice(comma + 1)));
    }
    // Base64 can contain '/', so only an image extension or text that is not base64 at all makes a path.
    if (PATH_LIKE.test(text) || (text.length < 1024 && /[\\/]/.test(text) && !looksLikeBase64(text))) {
      return describeImage(readImageFile(text, baseFile));
    }
    return describeImage(decodeBase64(text));
  }
  if (value && typeof value === 'object') {
    const struct = value as { bytes?: unknown; path?: unknown };
    if (struct.bytes !== undefined && struct.bytes !== null) return resolveImage(struct.bytes, baseFile);
    if (typeof struct.path === 'string' && struct.path) return describeImage(readImageFile(struct.path, baseFile));
  }
  throw new Error(`the image value is ${value === null ? 'null' : typeof value}; expected base64, a path or bytes`);
}
