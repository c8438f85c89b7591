// Chooses the near-duplicate threshold (METHODS §8): dHash distances of copies (JPEG re-encoded, resized, cropped) to
// their originals, and of every pair of distinct seeded pictures (the false positives each threshold would give).
// Distances, not timings; `BENCH_DISTINCT` (300) and `BENCH_COPIES` (100) change the counts.
import { dHash, halves, imageDistance } from '../electron/backend/quality/dhash';
import { cropped, distinctImage, reencoded, variantOf } from '../test/near-duplicate-images';

const DISTINCT = Number(process.env.BENCH_DISTINCT ?? 300);
const COPIES = Number(process.env.BENCH_COPIES ?? 100);
const hashOf = async (bytes: Buffer) => {
  const h = await dHash(bytes);
  return { whole: halves(h.whole), inner: halves(h.inner) };
};
const copies: Record<string, (b: Buffer) => Promise<Buffer>> = {
  'jpeg q90': (b) => reencoded(b, 90), 'jpeg q70': (b) => reencoded(b, 70), 'jpeg q50': (b) => reencoded(b, 50),
  'resized 50%': (b) => variantOf(b, 'half'), 'resized 200%': (b) => variantOf(b, 'double'),
  'crop 3%': (b) => cropped(b, 0.03), 'crop 4%': (b) => cropped(b, 0.04), 'crop 5%': (b) => cropped(b, 0.05),
  'crop 6%': (b) => cropped(b, 0.06), 'crop 7%': (b) => cropped(b, 0.07),
};

async function main() {
  const hashes = [];
  for (let i = 0; i < DISTINCT; i++) hashes.push(await hashOf(distinctImage(1000 + i)));
  console.log('copy          max  p95  median (bits of 64)');
  for (const [name, make] of Object.entries(copies)) {
    const d: number[] = [];
    for (let i = 0; i < COPIES; i++) d.push(imageDistance(hashes[i]!, await hashOf(await make(distinctImage(1000 + i)))));
    d.sort((a, b) => a - b);
    console.log(`${name.padEnd(13)} ${String(d[d.length - 1]).padStart(3)}  ${String(d[Math.floor(d.length * 0.95)]).padStart(3)}  ${d[d.length >> 1]}`);
  }
  const pairs: number[] = [];
  for (let i = 0; i < DISTINCT; i++) for (let j = i + 1; j < DISTINCT; j++) pairs.push(imageDistance(hashes[i]!, hashes[j]!));
  console.log(`distinct pairs ${pairs.length}, closest ${Math.min(...pairs)}`);
  for (let t = 4; t <= 12; t++) console.log(`threshold ${t}: ${pairs.filter((p) => p <= t).length} false-positive pairs (${(pairs.filter((p) => p <= t).length / pairs.length * 100).toFixed(3)}%)`);
}

void main();
