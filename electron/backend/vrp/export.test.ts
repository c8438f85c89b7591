import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { withProject } from '../../../test/fixtures';
import { sceneFor, seedPictures } from '../../../test/vrp-fixtures';

describe('variant export metadata (VRPTest records, issue 35)', () => {
  const t = withProject();

  it('carries question, options, answer, reference text, dataset and relation values in metadata.json and metadata.csv', async () => {
    const items = await seedPictures(t.backend, t.dir, 2);
    // The reference text differs from the question, so the export cannot pass by copying one into the other.
    for (const item of items) await t.backend.call('scenes.save', { itemId: item.id, baseVersion: 0, scene: sceneFor(item, undefined, { content: `the dark square ${item.extId}` }) });
    await t.backend.call('variants.run', { dataset: 'pictures' });
    const out = join(t.dir, 'out');
    await t.backend.call('variants.export', { dataset: 'pictures', out });
    const json = JSON.parse(readFileSync(join(out, 'metadata.json'), 'utf8')) as Record<string, unknown>[];
    const csv = parse(readFileSync(join(out, 'metadata.csv')), { columns: true }) as Record<string, string>[];
    expect(json).toHaveLength(26);
    const full = json.find((r) => r.file === '1__full__red_drawn_times_lower.png');
    // A full variant's stored question is the minimal instruction; its record keeps the question it asks.
    expect(full).toMatchObject({
      dataset: 'pictures', question: 'What is inside the marked region 1?', hint: null,
      options: [{ label: 'A', text: 'a square' }, { label: 'B', text: 'a circle' }], answer: ['A'],
      reference_text: 'the dark square 1', level: 'full', colour: 'red', shape: 'drawn', font: 'times', position: 'lower',
    });
    const none = json.find((r) => r.file === '0__none__default_none_none_none.png');
    expect(none).toMatchObject({ dataset: 'pictures', question: 'What is inside the marked region 0?', reference_text: 'the dark square 0', answer: ['A'] });
    const row = csv.find((r) => r.file === '1__full__red_drawn_times_lower.png')!;
    expect(row).toMatchObject({ dataset: 'pictures', question: 'What is inside the marked region 1?', reference_text: 'the dark square 1', level: 'full', font: 'times' });
    expect(JSON.parse(row.options!)).toEqual([{ label: 'A', text: 'a square' }, { label: 'B', text: 'a circle' }]);
    expect(JSON.parse(row.answer!)).toEqual(['A']);
    expect(Object.keys(row)).toEqual(Object.keys(full!));
  });
});
