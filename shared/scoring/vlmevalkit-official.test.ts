import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OfficialInput } from './official-common';
import { canInfer } from './vlmevalkit-can-infer';
import { isLetteredSet, officialVlmEvalKit } from './vlmevalkit-official';

const dir = join(__dirname, '..', '..', 'test', 'fixtures', 'conformance', 'vlmevalkit-official');
const read = <T>(name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;

type Row = Record<string, string | number> & { index: number; answer: string; category: string; 'l2-category': string; prediction: string };
interface Acc { split: string; [group: string]: number | string | null }
interface Expected {
  vanilla: { questions: { index: number; can_infer: string | false; hit: number }[]; acc: Acc[] };
  circular: { copies: { index: number; can_infer: string | false }[]; groups: { index: number; hit: number }[]; acc: Acc[] };
}

const optionsOf = (r: Row) => [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter((l) => typeof r[l] === 'string').map((l) => ({ label: l, text: String(r[l]) }));

/**
 * VLMEvalKit's rows (a question and its CircularEval copies) as the studio holds them: one question, one pass per copy
 * with the copy's options and answer; the studio's verdict is "right" throughout, to see differences.
 */
function toInput(r: Row, copies: readonly Row[] = [r]): OfficialInput {
  const [first, ...rest] = copies.map((c) => ({ options: optionsOf(c), gold: [c.answer], reply: c.prediction }));
  return {
    id: String(r.index), type: 'multiple-choice', subject: null, category: r.category, l2Category: r['l2-category'], split: null,
    passes: [first!, ...rest], studio: { read: r.answer, right: true },
  };
}

/** report_acc's one row as {group: acc}, split left out. */
const accRow = ([row]: Acc[]) => Object.fromEntries(Object.entries(row!).filter(([k]) => k !== 'split'));
const asRow = (groups: { name: string; acc: number | null }[]) => Object.fromEntries(groups.map((g) => [g.name, g.acc]));

describe('VLMEvalKit\'s MCQ evaluation under exact matching', () => {
  const expected = read<Expected>('expected.json');

  it('reads each reply as can_infer does', () => {
    // The copies as VLMEvalKit reads them: sorted by index.
    const rows = [...read<Row[]>('vanilla.json'), ...read<Row[]>('circular.json').sort((a, b) => a.index - b.index)];
    const theirs = [...expected.vanilla.questions, ...expected.circular.copies];
    expect(rows.map((r) => ({ index: r.index, read: canInfer(r.prediction, new Map(optionsOf(r).map((o) => [o.label, o.text]))) })))
      .toEqual(theirs.map((q) => ({ index: q.index, read: q.can_infer === false ? null : q.can_infer })));
  });

  it('scores a plain set as mcq_vanilla_eval and report_acc do, question by question and in total', () => {
    const rows = read<Row[]>('vanilla.json');
    const { score, readings } = officialVlmEvalKit(rows.map((r) => toInput(r)), false);
    expect(readings.map((r) => ({ index: Number(r.id), hit: r.right ? 1 : 0 }))).toEqual(expected.vanilla.questions.map(({ index, hit }) => ({ index, hit })));
    expect(asRow(score.groups)).toEqual(accRow(expected.vanilla.acc));
    expect(score.groups.map((g) => g.name)).toEqual(Object.keys(accRow(expected.vanilla.acc)));
    expect(score.overall).toBe(expected.vanilla.acc[0]!.Overall);
    expect(score.differenceCount).toBe(expected.vanilla.questions.filter((q) => q.hit === 0).length);
  });

  it('scores CircularEval copies as mcq_circular_eval does: a hit needs every copy read as its own answer', () => {
    const rows = read<Row[]>('circular.json');
    const originals = rows.filter((r) => r.index < 1e6);
    const inputs = originals.map((o) => toInput(o, rows.filter((r) => r.index % 1e6 === o.index).sort((a, b) => a.index - b.index)));
    const { score, readings } = officialVlmEvalKit(inputs, true);
    expect(readings.map((r) => ({ index: Number(r.id), hit: r.right ? 1 : 0 }))).toEqual(expected.circular.groups.map(({ index, hit }) => ({ index, hit })));
    expect(asRow(score.groups)).toEqual(accRow(expected.circular.acc));
    expect(score.groups.map((g) => g.name)).toEqual(Object.keys(accRow(expected.circular.acc)));
  });

  it('applies to lettered multiple-choice sets only', () => {
    const row = read<Row[]>('vanilla.json')[0]!;
    expect(isLetteredSet([toInput(row)])).toBe(true);
    expect(isLetteredSet([{ ...toInput(row), type: 'open' }])).toBe(false);
    expect(isLetteredSet([toInput({ ...row, answer: 'AB' })])).toBe(false);
  });
});
