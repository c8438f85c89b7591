/**
 * Whether image bytes reach their format's end, without decoding them: a file cut short (a truncated download, a TSV
 * cell cut at a base64 boundary) still has a valid header and size, and only its end tells. Cheap — it reads a few
 * bytes at the end — so imports stay near parse speed. Returns why the image is incomplete, or null.
 */
export function incompleteImage(bytes: Buffer, mime: string): string | null {
  switch (mime) {
    case 'image/png':
      return pngComplete(bytes) ? null : 'the PNG image is cut short (no IEND chunk at its end)';
    case 'image/jpeg':
      return jpegComplete(bytes) ? null : 'the JPEG image is cut short (it does not end with the EOI marker)';
    case 'image/gif':
      return trimZeros(bytes).at(-1) === 0x3b ? null : 'the GIF image is cut short (no trailer byte at its end)';
    case 'image/webp':
      return bytes.length >= 12 && bytes.readUInt32LE(4) + 8 <= bytes.length ? null : 'the WebP image is cut short (shorter than its RIFF size)';
    case 'image/bmp':
      return bytes.length >= 14 && bytes.readUInt32LE(2) <= bytes.length ? null : 'the BMP image is cut short (shorter than its header says)';
    default:
      return null;
  }
}

const IEND = Buffer.from('IEND', 'latin1');

/** IEND is the last chunk: its type and 4-byte CRC end the file (some writers pad after it, which we allow). */
function pngComplete(bytes: Buffer): boolean {
  const at = bytes.lastIndexOf(IEND);
  return at >= 12 && at + 8 <= bytes.length && bytes.readUInt32BE(at - 4) === 0;
}

/** The end-of-image marker FF D9 closes the stream; zero padding after it is common and harmless. */
function jpegComplete(bytes: Buffer): boolean {
  const end = trimZeros(bytes);
  return end.length >= 4 && end[end.length - 2] === 0xff && end[end.length - 1] === 0xd9;
}

function trimZeros(bytes: Buffer): Buffer {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return bytes.subarray(0, end);
}
