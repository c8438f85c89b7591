import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetMetadataAsync } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parse } from 'yaml';
import { datasetContent, withProject } from '../../../test/fixtures';
import { readCard } from './hf-card';

const t = withProject();
const FIXTURES = join(__dirname, '../../../test/fixtures/conformance/hf-parquet');
const THEIRS = join(FIXTURES, 'theirs.parquet');
const CITATION = '@article{mmevalpro,\n  title={MMEvalPro: Calibrating Multimodal Benchmarks},\n  year={2024}\n}';

const loaded = z.object({ features: z.string(), info_features: z.string(), rows: z.number(), first_image: z.string() }).passthrough();
const report = z.object({
  datasets: z.string(),
  ours: z.object({ huggingface: z.unknown(), files_alone: loaded, via_card: loaded }),
  theirs: z.object({ huggingface: z.unknown(), files_alone: loaded }),
}).parse(JSON.parse(readFileSync(join(FIXTURES, 'datasets-report.json'), 'utf8')));

/** The `huggingface` entry of a parquet file's key-value metadata, parsed. */
async function huggingfaceOf(file: string): Promise<unknown> {
  const meta = await parquetMetadataAsync(await asyncBufferFromFile(file));
  const entry = meta.key_value_metadata?.find((kv) => kv.key === 'huggingface');
  return entry?.value === undefined ? undefined : JSON.parse(entry.value);
}

/** The card's front matter and its citation block. */
function cardOf(folder: string) {
  const text = readFileSync(join(folder, 'README.md'), 'utf8');
  const front = z.object({ license: z.string() }).passthrough().parse(parse(/^---\n([\s\S]*?)\n---\n/.exec(text)![1]!));
  return { license: front.license, citation: /```bibtex\n([\s\S]*?)\n```/.exec(text)?.[1] ?? null };
}

describe('hf-parquet as the `datasets` library writes and reads it (fixtures made with datasets 5.0.1)', () => {
  it('writes the `huggingface` features metadata into every shard, so the files alone load with the image as Image', async () => {
    // What datasets reported for the release exported from its own file: Image both ways, as for its own file.
    for (const way of [report.ours.files_alone, report.ours.via_card, report.theirs.files_alone]) {
      expect(way.features).toContain("'image': Image(");
      expect(way.features).toBe(report.theirs.files_alone.features);
      expect(way.first_image).toBe('PIL.PngImagePlugin.PngImageFile');
    }

    const a = await t.backend.call('imports.run', { files: [THEIRS], dataset: 'theirs' });
    expect(a).toMatchObject({ format: 'mmevalpro', items: 2, questions: 6, images: 5 });
    const folder = join(t.dir, 'release');
    const out = await t.backend.call('exports.run', { dataset: a.datasetId, format: 'hf-parquet', out: folder, license: 'cc-by-sa-4.0', citation: CITATION, shardBytes: 100 });
    expect(out.shards).toBe(2);
    for (const shard of ['test-00000-of-00002.parquet', 'test-00001-of-00002.parquet']) {
      const ours = await huggingfaceOf(join(folder, 'data', shard));
      // Exactly the metadata of the release datasets read above…
      expect(ours).toEqual(report.ours.huggingface);
      // …which is what datasets writes itself, but for the list's older spelling that every datasets version reads.
      const theirs = structuredClone(report.theirs.huggingface) as { info: { features: { choices: { _type: string } } } };
      theirs.info.features.choices._type = 'Sequence';
      expect(ours).toEqual(theirs);
    }
    expect(await huggingfaceOf(THEIRS)).toEqual(report.theirs.huggingface);

    // The file datasets wrote and our release of it hold the same questions, triplets and images.
    const b = await t.backend.call('imports.run', { files: [folder], dataset: 'ours' });
    expect(await datasetContent(t.backend, b.datasetId)).toEqual(await datasetContent(t.backend, a.datasetId));
  });

  it('keeps the licence and citation of an imported release when it is exported again', async () => {
    const a = await t.backend.call('imports.run', { files: [THEIRS], dataset: 'original' });
    const first = join(t.dir, 'first');
    await t.backend.call('exports.run', { dataset: a.datasetId, format: 'hf-parquet', out: first, license: 'cc-by-sa-4.0', citation: CITATION });
    expect(cardOf(first)).toEqual({ license: 'cc-by-sa-4.0', citation: CITATION });

    const b = await t.backend.call('imports.run', { files: [first], dataset: 'downloaded' });
    const second = join(t.dir, 'second');
    await t.backend.call('exports.run', { dataset: b.datasetId, format: 'hf-parquet', out: second });
    expect(cardOf(second)).toEqual({ license: 'cc-by-sa-4.0', citation: CITATION });
    // Given ones still win; a dataset from elsewhere (no card) says `other` and has no citation.
    await t.backend.call('exports.run', { dataset: b.datasetId, format: 'hf-parquet', out: second, license: 'mit' });
    expect(cardOf(second)).toEqual({ license: 'mit', citation: CITATION });
    await t.backend.call('exports.run', { dataset: a.datasetId, format: 'hf-parquet', out: second });
    expect(cardOf(second)).toEqual({ license: 'other', citation: null });
  });

  it('reads licence and citation from cards written elsewhere on the hub, and nothing from a card without them', () => {
    const hub = [
      '---', 'license:', '  - apache-2.0', '  - cc-by-4.0', 'dataset_info:', '  features: []', '---', '', '# Some set', '',
      '## Usage', '', '```python', 'load_dataset("x")', '```', '', '### BibTeX Citation', '', '~~~', '@misc{x, year={2025}}', '~~~', '',
    ].join('\n');
    expect(readCard(hub)).toEqual({ license: 'apache-2.0', citation: '@misc{x, year={2025}}' });
    expect(readCard('---\nlicense: other\n---\n\n## Citation\n\nNo citation was given when this dataset was exported.\n')).toEqual({ license: 'other' });
    expect(readCard('# no front matter\n\n## Usage\n\n```\ncode\n```\n')).toEqual({});
    expect(readCard('---\nlicense: [unclosed\n---\n')).toEqual({});
  });
});
