import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetMetadataAsync, parquetSchema } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { datasetContent, png, withProject } from '../../../test/fixtures';

const t = withProject();
const ROLES = ['Origin', 'Perception', 'Knowledge'];

/** MMEvalPro rows with what a release can hold: extra columns of several types, a question with no image, two images in one triplet. */
function rows(n: number) {
  const out: Record<string, unknown>[] = [];
  for (let k = 1; k <= n; k++) {
    const image = png(10 + k, 7, `#${(0x204060 + k * 0x0a0a0a).toString(16).slice(-6)}`).toString('base64');
    const other = png(5 + k, 9, `#${(0x806040 + k * 0x050505).toString(16).slice(-6)}`).toString('base64');
    ROLES.forEach((evalType, r) => out.push({
      index: out.length, triplet_id: k, question: `${evalType} question of triplet ${k}`, choices: ['one', 'two', 'three', `four ${k}`],
      answer: 'ABCD'[(k + r) % 4], image: k === 2 && r === 2 ? null : k === 3 && r === 1 ? other : image,
      source: k % 2 ? 'MMMU' : 'ScienceQA', question_category: k % 3 ? 'math' : 'physics', eval_type: evalType,
      difficulty: k * 0.5, tags: ['a', `t${k}`], ...(r === 0 ? { note: `origin of ${k}` } : {}),
    }));
  }
  return out;
}

const dump = (datasetId: number) => datasetContent(t.backend, datasetId);

describe('hf-parquet export (the MMEvalPro release layout on the Hugging Face hub)', () => {
  it('round-trips questions, triplets and images by hash through sharded parquet, with a card the hub reads', async () => {
    const json = join(t.dir, 'set.json');
    writeFileSync(json, JSON.stringify(rows(5)));
    const a = await t.backend.call('imports.run', { files: [json], dataset: 'mmevalpro-mini' });
    const folder = join(t.dir, 'release');
    const citation = '@article{mmevalpro,\n  title={MMEvalPro},\n  year={2024}\n}';
    // A shard limit below one triplet's images: every triplet gets a shard of its own, and none is split.
    const out = await t.backend.call('exports.run', { dataset: a.datasetId, format: 'hf-parquet', out: folder, license: 'cc-by-4.0', citation, shardBytes: 100 });
    expect(out).toMatchObject({ items: 5, questions: 15, shards: 5 });
    expect(readdirSync(join(folder, 'data'))).toEqual([0, 1, 2, 3, 4].map((k) => `test-0000${k}-of-00005.parquet`));

    const b = await t.backend.call('imports.run', { files: [folder], dataset: 'reimported' });
    // Images are stored once per hash, so the re-import adds none: they are the same bytes.
    expect(b).toMatchObject({ format: 'mmevalpro', items: 5, questions: 15, images: 0 });
    expect(await dump(b.datasetId)).toEqual(await dump(a.datasetId));

    // The columns as the release has them: choices a list of strings, the image the hub's {bytes, path} struct.
    const file = join(folder, 'data', 'test-00000-of-00005.parquet');
    const schema = parquetSchema(await parquetMetadataAsync(await asyncBufferFromFile(file)));
    expect(schema.children.map((c) => c.element.name)).toEqual(
      ['index', 'triplet_id', 'question', 'choices', 'answer', 'image', 'source', 'question_category', 'eval_type', 'difficulty', 'note', 'tags']);
    expect(schema.children[3]!.element.converted_type).toBe('LIST');
    expect(schema.children[5]!.children.map((c) => c.element.name)).toEqual(['bytes', 'path']);

    const card = readFileSync(join(folder, 'README.md'), 'utf8');
    const front = /^---\n([\s\S]*?)\n---\n/.exec(card);
    expect(front).not.toBeNull();
    const meta = parse(front![1]!) as Record<string, unknown>;
    expect(meta).toMatchObject({
      license: 'cc-by-4.0', pretty_name: 'mmevalpro-mini',
      configs: [{ config_name: 'default', data_files: [{ split: 'test', path: 'data/test-*' }] }],
      dataset_info: { splits: [{ name: 'test', num_examples: 15 }] },
    });
    const info = meta.dataset_info as { features: { name: string; dtype?: string; sequence?: string }[]; download_size: number };
    expect(info.features.slice(0, 9)).toEqual([
      { name: 'index', dtype: 'int64' }, { name: 'triplet_id', dtype: 'int64' }, { name: 'question', dtype: 'string' },
      { name: 'choices', sequence: 'string' }, { name: 'answer', dtype: 'string' }, { name: 'image', dtype: 'image' },
      { name: 'source', dtype: 'string' }, { name: 'question_category', dtype: 'string' }, { name: 'eval_type', dtype: 'string' },
    ]);
    const sizes = readdirSync(join(folder, 'data')).reduce((n, f) => n + readFileSync(join(folder, 'data', f)).length, 0);
    expect(info.download_size).toBe(sizes);
    expect(card).toContain('```bibtex\n@article{mmevalpro,');

    // Exporting again with larger shards replaces the old ones rather than mixing the two sets.
    await t.backend.call('exports.run', { dataset: a.datasetId, format: 'hf-parquet', out: folder });
    expect(readdirSync(join(folder, 'data'))).toEqual(['test-00000-of-00001.parquet']);
    const c = await t.backend.call('imports.run', { files: [folder], dataset: 'again' });
    expect(await dump(c.datasetId)).toEqual(await dump(a.datasetId));
  });

  it('keeps ids that are not numbers as text, and refuses a folder with no parquet in it', async () => {
    const data = rows(2).map((r) => ({ ...r, triplet_id: `T-${String(r.triplet_id)}`, index: `q${String(r.index)}` }));
    const json = join(t.dir, 'ids.json');
    writeFileSync(json, JSON.stringify(data));
    const a = await t.backend.call('imports.run', { files: [json], dataset: 'ids' });
    const folder = join(t.dir, 'ids-release');
    await t.backend.call('exports.run', { dataset: 'ids', format: 'hf-parquet', out: folder });
    const b = await t.backend.call('imports.run', { files: [folder], dataset: 'ids-again' });
    expect(await dump(b.datasetId)).toEqual(await dump(a.datasetId));
    const empty = join(t.dir, 'empty-folder');
    mkdirSync(empty);
    await expect(t.backend.call('imports.run', { files: [empty] })).rejects.toMatchObject({ message: expect.stringContaining('a folder with no parquet files') });
  });
});
