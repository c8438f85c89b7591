import { randomBytes } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { withBuiltCli } from '../../../test/built-cli';
import { shardBytesOf } from './commands';

const cli = withBuiltCli();
let project: string;

/** A picture of noise, which PNG cannot shrink: about 3 bytes a pixel, so a triplet's images weigh what we say. */
function noise(side: number): string {
  const canvas = createCanvas(side, side);
  const ctx = canvas.getContext('2d');
  const pixels = ctx.createImageData(side, side);
  pixels.data.set(randomBytes(pixels.data.length).map((v, i) => (i % 4 === 3 ? 255 : v)));
  ctx.putImageData(pixels, 0, 0);
  return canvas.toBuffer('image/png').toString('base64');
}

beforeAll(() => {
  // Three triplets whose questions carry ~45 KB pictures: ~135 KB a triplet, so 0.2 MB holds one triplet and not two.
  const rows = [1, 2, 3].flatMap((k) => ['Origin', 'Perception', 'Knowledge'].map((role, r) => ({
    index: 3 * k + r, triplet_id: k, question: `${role} ${k}`, choices: ['a', 'b'], answer: 'A', image: noise(120),
    source: 'MMMU', question_category: 'math', eval_type: role,
  })));
  const file = join(cli.dir(), 'set.json');
  writeFileSync(file, JSON.stringify(rows));
  project = join(cli.dir(), 'p.anchor');
  expect(cli.anchor('import', file, '--project', project, '--dataset', 'set', '--json').code).toBe(0);
});

describe('anchor export --format hf-parquet --shard-mb', () => {
  it('takes a fractional size in MB', () => {
    const out = join(cli.dir(), 'release');
    const run = cli.anchor('export', '--project', project, '--dataset', 'set', '--format', 'hf-parquet', '--out', out, '--shard-mb', '0.2', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, value: { shards: 3 } });
    expect(readdirSync(join(out, 'data'))).toHaveLength(3);
    const whole = cli.anchor('export', '--project', project, '--dataset', 'set', '--format', 'hf-parquet', '--out', out, '--shard-mb', '1', '--json');
    expect(JSON.parse(whole.stdout)).toMatchObject({ ok: true, value: { shards: 1 } });
  });

  it('refuses a size that is not a positive number, with a code, and writes nothing', () => {
    // Through the command for what was once silently read as "no limit"; every other case below, on the parser.
    for (const bad of ['0', 'abc']) {
      const out = join(cli.dir(), `bad-${bad || 'empty'}`);
      const run = cli.anchor('export', '--project', project, '--dataset', 'set', '--format', 'hf-parquet', '--out', out, '--shard-mb', bad, '--json');
      expect(run.code, bad).not.toBe(0);
      expect(JSON.parse(run.stdout), bad).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining(`--shard-mb takes a positive number of MB such as 0.2 or 300; got "${bad}"`) } });
      expect(() => readdirSync(out), bad).toThrow();
    }
  });

  it('reads MB as bytes, and refuses zero, negatives, NaN, infinities and text', () => {
    expect(shardBytesOf(undefined)).toBeUndefined();
    expect(shardBytesOf('0.2')).toBe(209715);
    expect(shardBytesOf('300')).toBe(300 * 1024 * 1024);
    expect(shardBytesOf('.5')).toBe(524288);
    expect(shardBytesOf('1e-9')).toBe(1);
    for (const bad of ['0', '0.0', '-1', '-0.2', 'NaN', 'Infinity', '1e400', 'abc', '', ' ', '12MB', '0x10']) {
      expect(() => shardBytesOf(bad), bad).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    }
  });
});
