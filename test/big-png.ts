import { deflateSync } from 'node:zlib';

const TABLE = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32(bytes: Buffer): number {
  let c = -1;
  for (const b of bytes) c = TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A complete, valid PNG of any size, white with a black top-left corner: tiny on disk (a 1-bit greyscale 20000×20000
 * one is about 6 KB), big once decoded. The decompression bomb of the security report. `rgba` makes an 8-bit RGBA one,
 * which every decoder expands to 4 bytes a pixel (slower to make: the raw rows are deflated in memory).
 */
export function hugePng(width: number, height: number, rgba = false): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  // bit depth 1 greyscale, or 8 RGBA; deflate, no filter, no interlace
  ihdr.set(rgba ? [8, 6, 0, 0, 0] : [1, 0, 0, 0, 0], 8);
  const rowBytes = 1 + (rgba ? width * 4 : Math.ceil(width / 8));
  const raw = Buffer.alloc(rowBytes * height, 0xff);
  for (let y = 0; y < height; y++) raw[y * rowBytes] = 0; // filter: none
  raw.fill(0, 1, 1 + Math.min(8, rowBytes - 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
