import { createWriteStream, existsSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { createCanvas } from '@napi-rs/canvas';

/**
 * A VLMEvalKit-style TSV of about `targetMb` MB: unique noise PNGs (incompressible, ~100 KB each, like photos),
 * four options, hints on some rows, and every tenth row reusing an earlier row's image by index.
 */
export async function ensureTsv(path: string, targetMb: number): Promise<{ rows: number; bytes: number }> {
  if (existsSync(path) && statSync(path).size >= targetMb * 1_000_000 * 0.95) {
    return { rows: -1, bytes: statSync(path).size };
  }
  const out = createWriteStream(path);
  const put = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await put('index\timage\tquestion\thint\tA\tB\tC\tD\tanswer\tcategory\tl2-category\tsplit\n');
  const canvas = createCanvas(180, 180);
  const ctx = canvas.getContext('2d');
  const pixels = ctx.createImageData(180, 180);
  let seed = 12345;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
  let bytes = 0;
  let rows = 0;
  while (bytes < targetMb * 1_000_000) {
    let image: string;
    if (rows % 10 === 9) image = String(rows - 5);
    else {
      for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = i % 4 === 3 ? 255 : Math.floor(random() * 256);
      ctx.putImageData(pixels, 0, 0);
      image = canvas.toBuffer('image/png').toString('base64');
    }
    const line = [
      rows, image, `Question ${rows}: which option best describes the picture? "Quoted" words stay.`, rows % 3 ? '' : 'Look at the colours.',
      'a red square', 'a blue circle', 'a green triangle', 'nothing', 'ABCD'[rows % 4], `category ${rows % 20}`, 'perception', 'dev',
    ].join('\t');
    await put(`${line}\n`);
    bytes += line.length + 1;
    rows++;
  }
  out.end();
  await once(out, 'finish');
  return { rows, bytes };
}
