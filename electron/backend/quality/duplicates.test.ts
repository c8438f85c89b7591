import { Connection } from '../db/connection';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Duplicates } from '@shared/contract';
import { backendWithProject, png, projectDb, withProject } from '../../../test/fixtures';
import { distinctImage, variantOf, writeImageJsonl, type ImageLine } from '../../../test/near-duplicate-images';
import { ensureImageHashes } from './hashes';
import { unhashedImageCount } from './store';
import { duplicateFindings } from './lint';
import { questionKey } from './question-key';

const t = withProject();

/** Imports a JSONL dataset with its images (PNG or JPEG) in base64; returns its id. */
async function importLines(name: string, lines: ImageLine[]): Promise<number> {
  const file = writeImageJsonl(join(t.dir, `${name}.jsonl`), lines);
  return (await t.backend.call('imports.run', { files: [file], dataset: name })).datasetId;
}

/**
 * "bench": four originals, a re-encoded, a halved, a doubled and a 5%-cropped copy of them, six unrelated pictures,
 * a second question about the first picture (same bytes) repeating its text, and two blank images of two colours;
 * "newbench": the second unrelated picture reused byte for byte and a re-encoded copy of the third.
 */
async function seed(): Promise<{ bench: number; newbench: number }> {
  const o = [1, 2, 3, 4].map((s) => distinctImage(s));
  const d = [11, 12, 13, 14, 15, 16].map((s) => distinctImage(s));
  const bench = await importLines('bench', [
    ...o.map((image, i) => ({ id: `o${i + 1}`, question: `What is in picture ${i + 1}?`, image })),
    { id: 'c1', question: 'Copy one?', image: await variantOf(o[0]!, 'jpeg') },
    { id: 'c2', question: 'Copy two?', image: await variantOf(o[1]!, 'half') },
    { id: 'c3', question: 'Copy three?', image: await variantOf(o[2]!, 'double') },
    { id: 'c4', question: 'Copy four?', image: await variantOf(o[3]!, 'crop5') },
    ...d.map((image, i) => ({ id: `d${i + 1}`, question: `Distinct ${i + 1}?`, image })),
    { id: 'x1', question: '  what IS in picture 1 ', image: o[0]! },
    { id: 'x2', question: 'What is in picture 1?', image: d[5]! },
    { id: 'blank1', question: 'Blank one?', image: png(64, 48, '#ffffff') },
    { id: 'blank2', question: 'Blank two?', image: png(64, 48, '#202020') },
  ]);
  const newbench = await importLines('newbench', [
    { id: 'n1', question: 'Reused?', image: d[1]! },
    { id: 'n2', question: 'Re-encoded?', image: await variantOf(d[2]!, 'jpeg') },
  ]);
  return { bench, newbench };
}

/** How many distinct images the seeded items show without a stored hash (all of them, before any check). */
async function ensureUnhashedCount(): Promise<number> {
  return unhashedImageCount(projectDb(t.backend));
}

/** Each group as its items ("dataset/id"), sorted, and each pair as the items showing its two images. */
function shape(found: Duplicates) {
  const itemsOf = (key: string) => found.imageGroups.flatMap((g) => g.images).find((i) => i.imageHash === key)!.uses.map((u) => `${u.dataset}/${u.extId}`).join('+');
  return found.imageGroups.map((g) => ({
    items: g.images.flatMap((i) => i.uses.map((u) => `${u.dataset}/${u.extId}`)).sort(),
    pairs: g.pairs.map((p) => [itemsOf(p.a), itemsOf(p.b)].sort().join(' ~ ')),
  })).sort((a, b) => a.items[0]!.localeCompare(b.items[0]!));
}

describe('near-duplicate images and duplicate questions', () => {
  it('finds re-encoded, resized and cropped copies and reuse across datasets, and nothing else', async () => {
    await seed();
    const found = await t.backend.call('quality.duplicates', {});
    expect(shape(found)).toEqual([
      { items: ['bench/c1', 'bench/o1', 'bench/x1'], pairs: ['bench/c1 ~ bench/o1+bench/x1'] },
      { items: ['bench/c2', 'bench/o2'], pairs: ['bench/c2 ~ bench/o2'] },
      { items: ['bench/c3', 'bench/o3'], pairs: ['bench/c3 ~ bench/o3'] },
      { items: ['bench/c4', 'bench/o4'], pairs: ['bench/c4 ~ bench/o4'] },
      { items: ['bench/d2', 'newbench/n1'], pairs: [] },
      { items: ['bench/d3', 'newbench/n2'], pairs: ['bench/d3 ~ newbench/n2'] },
    ]);
    for (const pair of found.imageGroups.flatMap((g) => g.pairs)) expect(pair.distance).toBeLessThanOrEqual(found.threshold);
    expect(found.questionGroups.map((g) => g.questions.map((q) => `${q.dataset}/${q.extId}`))).toEqual([['bench/o1', 'bench/x1']]);
    expect(found.unhashable).toEqual([]);
  });

  it('hashes each image once and keeps it; a dataset sees the groups that touch it', async () => {
    const { newbench } = await seed();
    await t.backend.call('quality.duplicates', { datasetId: newbench });
    expect((await ensureImageHashes(projectDb(t.backend))).size).toBe(0);
    const found = await t.backend.call('quality.duplicates', { datasetId: newbench });
    expect(shape(found).map((g) => g.items)).toEqual([['bench/d2', 'newbench/n1'], ['bench/d3', 'newbench/n2']]);
    expect(found.questionGroups).toEqual([]);
    // A threshold of 0 keeps only the byte-for-byte reuse.
    expect(shape(await t.backend.call('quality.duplicates', { datasetId: newbench, threshold: 0 })).map((g) => g.items)).toEqual([['bench/d2', 'newbench/n1']]);
  });

  it('hashes a project\'s new images as a job with progress, and runs no job once they are hashed', async () => {
    await seed();
    const images = await ensureUnhashedCount();
    expect(images).toBe(17);
    const seen: { type: string; kind: string; status: string; done: number; total: number | null }[] = [];
    t.backend.events.on((e) => {
      if ((e.type === 'job.progress' || e.type === 'job.finished') && e.job.kind === 'hash-images') seen.push({ type: e.type, ...e.job });
    });
    await t.backend.call('quality.duplicates', {});
    const finished = seen.filter((e) => e.type === 'job.finished');
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ status: 'done', done: images, total: images });
    expect(seen[0]).toMatchObject({ type: 'job.progress', status: 'running' });
    seen.length = 0;
    await t.backend.call('quality.report', { datasetId: (await t.backend.call('datasets.list'))[0]!.id });
    expect(seen).toEqual([]);
  });

  it('lint flags each later copy and repeated question, naming the first', async () => {
    const { newbench } = await seed();
    const rules = new Set(['near_duplicate_image', 'duplicate_question']);
    const flagged = (findings: { rule: string; extId: string }[]) => findings.filter((f) => rules.has(f.rule)).map((f) => `${f.rule} ${f.extId}`);
    const all = (await t.backend.call('lint.run', {})).findings;
    expect(flagged(all)).toEqual([
      'near_duplicate_image c1', 'near_duplicate_image c2', 'near_duplicate_image c3', 'near_duplicate_image c4',
      'near_duplicate_image n1', 'near_duplicate_image n2', 'duplicate_question x1',
    ]);
    expect(all.find((f) => f.extId === 'n1')!.message).toBe('the image of n1 is the same image as the image of bench item d2');
    expect(all.find((f) => f.extId === 'x1')!.message).toBe('origin question of x1 repeats the origin question of bench item o1 (same text and image)');
    expect(flagged((await t.backend.call('lint.run', { datasetId: newbench })).findings)).toEqual(['near_duplicate_image n1', 'near_duplicate_image n2']);
  });

  it('checks a read-only project without storing anything', async () => {
    const { newbench } = await seed();
    await t.backend.close();
    const readOnly = new Connection(t.project, { readonly: true });
    try {
      const findings = await duplicateFindings(readOnly, newbench);
      expect(findings.map((f) => `${f.rule} ${f.extId}`)).toEqual(['near_duplicate_image n1', 'near_duplicate_image n2']);
    } finally {
      readOnly.close();
    }
    // withProject closes whatever backend is there at the end.
    t.backend = (await backendWithProject(t.dir, 'other.anchor')).backend;
  });

  it('folds case, white space and punctuation of a question, and nothing else', () => {
    expect(questionKey('  What IS  in\tthe picture？ ')).toBe('what is in the picture');
    expect(questionKey('Is x+y = 3, or 4?')).toBe('is x y 3 or 4');
    expect(questionKey('Picture 1')).not.toBe(questionKey('Picture 2'));
  });
});
