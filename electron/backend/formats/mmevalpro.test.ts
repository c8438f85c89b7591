import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { backendWithProject, datasetContent, png, withProject } from '../../../test/fixtures';

const t = withProject();

const roles = ['Origin', 'Perception', 'Knowledge'];

/** Rows of `n` triplets as the MMEvalPro release lays them out; the published set has gold answers such as `d`. */
function rows(n: number) {
  const out: Record<string, unknown>[] = [];
  for (let t = 1; t <= n; t++) {
    const image = png(10 + t, 7, `#${(0x204060 + t * 0x0a0a0a).toString(16).slice(-6)}`).toString('base64');
    roles.forEach((evalType, r) => {
      out.push({
        index: out.length, triplet_id: t, question: `${evalType} question of triplet ${t}`, choices: ['one', 'two', 'three'],
        answer: t === 2 && r === 1 ? 'd' : 'B', image, source: t % 2 ? 'MMMU' : 'ScienceQA', question_category: 'math', eval_type: evalType,
      });
    });
  }
  return out;
}

const dump = (datasetId: number) => datasetContent(t.backend, datasetId);

describe('MMEvalPro', () => {
  it('groups rows into triplets by triplet_id and eval_type, keeping published answers as they are', async () => {
    const file = join(t.dir, 'mmevalpro.json');
    writeFileSync(file, JSON.stringify(rows(3)));
    const result = await t.backend.call('imports.run', { files: [file] });
    expect(result).toMatchObject({ format: 'mmevalpro', items: 3, questions: 9, images: 3 });
    const [info] = await t.backend.call('datasets.list');
    expect(info!.byRole).toEqual({ origin: 3, perception: 3, knowledge: 3 });
    expect(info!.bySource).toEqual({ MMMU: 6, ScienceQA: 3 });
    const items = await dump(result.datasetId);
    expect(items[1]!.questions.map((q) => [q.role, q.answer[0]])).toEqual([['origin', 'B'], ['perception', 'd'], ['knowledge', 'B']]);
    expect(items[0]!.questions[0]!.options).toEqual([{ label: 'A', text: 'one' }, { label: 'B', text: 'two' }, { label: 'C', text: 'three' }]);
  });

  it('round-trips JSON → export → import, and reads JSONL and parquet the same way', async () => {
    const json = join(t.dir, 'set.json');
    writeFileSync(json, JSON.stringify(rows(4)));
    const a = await t.backend.call('imports.run', { files: [json], dataset: 'a' });
    const out = join(t.dir, 'exported.json');
    expect(await t.backend.call('exports.run', { dataset: 'a', format: 'mmevalpro', out })).toMatchObject({ items: 4, questions: 12 });
    const b = await t.backend.call('imports.run', { files: [out], dataset: 'b' });
    expect(await dump(b.datasetId)).toEqual(await dump(a.datasetId));
    expect(JSON.parse(readFileSync(out, 'utf8'))[4]).toMatchObject({ triplet_id: 2, eval_type: 'Perception', answer: 'd', choices: ['one', 'two', 'three'] });

    const jsonl = join(t.dir, 'set.jsonl');
    writeFileSync(jsonl, rows(4).map((r) => JSON.stringify(r)).join('\n'));
    const c = await t.backend.call('imports.run', { files: [jsonl], dataset: 'c' });
    expect(await dump(c.datasetId)).toEqual(await dump(a.datasetId));

    const r = rows(4);
    const parquet = join(t.dir, 'set.parquet');
    const column = (name: string, data: unknown[], type?: 'STRING' | 'INT64' | 'BYTE_ARRAY' | 'JSON') => ({ name, data, ...(type ? { type } : {}) });
    writeFileSync(parquet, Buffer.from(parquetWriteBuffer({
      columnData: [
        column('index', r.map((x) => BigInt(x.index as number)), 'INT64'),
        column('triplet_id', r.map((x) => BigInt(x.triplet_id as number)), 'INT64'),
        column('question', r.map((x) => x.question), 'STRING'),
        column('choices', r.map((x) => JSON.stringify(x.choices)), 'STRING'),
        column('answer', r.map((x) => x.answer), 'STRING'),
        column('image', r.map((x) => Buffer.from(x.image as string, 'base64')), 'BYTE_ARRAY'),
        column('source', r.map((x) => x.source), 'STRING'),
        column('question_category', r.map((x) => x.question_category), 'STRING'),
        column('eval_type', r.map((x) => x.eval_type), 'STRING'),
      ] as never,
    })));
    const d = await t.backend.call('imports.run', { files: [parquet], dataset: 'd' });
    expect(await dump(d.datasetId)).toEqual(await dump(a.datasetId));
  });

  const bad: [string, (r: Record<string, unknown>[]) => string, string, RegExp][] = [
    ['wrong type', (r) => { r[4]!.question = 42; return JSON.stringify(r); }, 'set.json', /set\.json row 5: field "question" must be text/],
    ['unknown eval_type', (r) => { r[2]!.eval_type = 'Reasoning'; return JSON.stringify(r); }, 'set.json', /row 3: eval_type "Reasoning"/],
    ['two origin questions in a triplet', (r) => { r[1]!.eval_type = 'Origin'; return JSON.stringify(r); }, 'set.json', /row 2: item 1 already has a origin question/],
    ['bad base64', (r) => { r[7]!.image = '@@@'.repeat(40); return JSON.stringify(r); }, 'set.json', /row 8: the image is not valid base64/],
    ['a truncated JSONL file', (r) => r.map((x) => JSON.stringify(x)).join('\n').slice(0, -25), 'set.jsonl', /set\.jsonl:9: invalid JSON/],
    ['a truncated JSON file', (r) => JSON.stringify(r, null, 1).slice(0, -30), 'set.json', /set\.json(:\d+)?: invalid JSON/],
    ['choices that are not a list', (r) => { r[3]!.choices = 'one, two'; return JSON.stringify(r); }, 'set.json', /row 4: field "choices" must be a list/],
    ['an empty list of choices', (r) => { r[3]!.choices = []; return JSON.stringify(r); }, 'set.json', /row 4: field "choices" is an empty list/],
    ['an empty list of choices stored as text', (r) => { r[5]!.choices = '[]'; return JSON.stringify(r); }, 'set.json', /row 6: field "choices" is an empty list/],
    ['a model-output file', () => JSON.stringify([{ index: 0, triplet_id: 1, model_output: 'A', answer: 'B', source: 'MMMU', eval_type: 'Origin' }]), 'set.json', /model-output file/],
  ];

  it.each(bad)('refuses %s with the row at fault, leaving the project unchanged', async (_n, make, name, message) => {
    await t.backend.close();
    const before = readFileSync(t.project);
    t.backend = (await backendWithProject(t.dir, 'scratch.anchor')).backend;
    await t.backend.call('projects.open', { path: t.project });
    const file = join(t.dir, name);
    writeFileSync(file, make(rows(3)));
    await expect(t.backend.call('imports.run', { files: [file], format: 'mmevalpro' })).rejects.toThrow(message);
    await t.backend.close();
    expect(readFileSync(t.project).equals(before)).toBe(true);
    t.backend = (await backendWithProject(t.dir, 'scratch2.anchor')).backend;
  });
});
