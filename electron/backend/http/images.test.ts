import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectDb, sampleTsvRows, writeTsv } from '../../../test/fixtures';
import { hugePng } from '../../../test/big-png';
import { raw, withTeamServer } from '../../../test/http-fixtures';
import { DecodeLimit, imageDecodes } from '../items/decode-limit';

const t = withTeamServer();

async function importTable(name: string, image: Buffer) {
  const rows = sampleTsvRows(3);
  rows[2]![1] = image.toString('base64');
  const file = join(t.dir, `${name}.tsv`);
  writeTsv(file, rows);
  return t.backend.dispatch('imports.run', { files: [file], dataset: name });
}

describe('images are decoded within limits', () => {
  it('refuses a 20000×20000 PNG at import, naming its line, and stores nothing', async () => {
    const bomb = hugePng(20000, 20000);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const result = await importTable('bomb', bomb);
    expect(result).toEqual({ ok: false, error: { code: 'import_failed', message: 'bomb.tsv:3: the image is 20000×20000 pixels (400 megapixels); at most 50 megapixels are accepted (ANCHOR_MAX_IMAGE_PIXELS)' } });
    expect((await t.backend.call('datasets.list')).map((d) => d.name)).toEqual(['originals']);
  });

  it('makes a large allowed image\'s thumbnail once, however many ask at the same time', async () => {
    expect(await importTable('large', hugePng(4000, 3000))).toMatchObject({ ok: true });
    const hash = projectDb(t.backend).prepare('SELECT hash FROM images WHERE width = 4000').pluck().get() as string;
    const before = imageDecodes.started;
    const cookie = t.cookie('ann');
    const answers = await Promise.all(Array.from({ length: 8 }, () => raw(`${t.server.url}media/thumb/${hash}`, { headers: { cookie } })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.map((a) => a.headers['content-type'])).toEqual(Array(8).fill('image/webp'));
    expect(new Set(answers.map((a) => a.body.toString('base64'))).size).toBe(1);
    expect(imageDecodes.started - before).toBe(1);
    // Kept in the project: later requests decode nothing.
    await raw(`${t.server.url}media/thumb/${hash}`, { headers: { cookie } });
    expect(imageDecodes.started - before).toBe(1);
  });

  it('bounds concurrent decodes: the rest wait their turn', async () => {
    const limit = new DecodeLimit(2);
    let running = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const tasks = Array.from({ length: 5 }, () => limit.run(async () => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running--;
    }));
    // Release held decodes one by one; never more than two are inside at once.
    for (let released = 0; released < 5; released++) {
      while (gates.length === 0) await new Promise((r) => setImmediate(r));
      expect(running).toBeLessThanOrEqual(2);
      gates.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(tasks);
    expect(most).toBe(2);
  });
});
