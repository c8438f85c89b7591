import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelOptions } from '../domain/options';
import { extractChoice } from './extract';

interface Row { id: string; kind: string; lang: string; set: string; options: string[]; reply: string; label: string | null }

const dir = join(__dirname, '..', '..', 'test', 'fixtures', 'reading');
const lines = (file: string) => readFileSync(join(dir, file), 'utf8').split('\n').filter((l) => l.trim() !== '');
const corpus = lines('corpus.jsonl').map((l) => JSON.parse(l) as Row);

/** Agreement with the careful reading, wrong letters (a letter other than the reading's, or one where it has none). */
function tally(read: (r: Row) => string | null) {
  let agree = 0;
  const wrong: { row: Row; got: string }[] = [];
  for (const r of corpus) {
    const got = read(r);
    if (got === r.label) agree++;
    else if (got !== null) wrong.push({ row: r, got });
  }
  return { agree, wrong, pct: (100 * agree) / corpus.length };
}

// Issue 30 item 1: replies written the way current models answer; the rules commit a letter only when the reply
// states exactly one choice unambiguously (METHODS §4). The measure is 0 wrong letters, then as many read as possible.
describe('the reading corpus (replies in current models\' styles, several languages)', () => {
  it('has at least 600 replies of at least 40 kinds in several languages, with both readings', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(600);
    expect(new Set(corpus.map((r) => r.kind)).size).toBeGreaterThanOrEqual(40);
    expect(new Set(corpus.map((r) => r.lang)).size).toBeGreaterThanOrEqual(5);
    expect(corpus.some((r) => r.label === null) && corpus.some((r) => r.label !== null)).toBe(true);
  });

  it('the rules commit 0 wrong letters', () => {
    const t = tally((r) => extractChoice(r.reply, labelOptions(r.options)).label);
    console.log(`reading corpus: ${t.agree}/${corpus.length} agree (${t.pct.toFixed(1)}%), ${t.wrong.length} wrong letters`);
    const missed = new Map<string, number>();
    for (const r of corpus) if (extractChoice(r.reply, labelOptions(r.options)).label !== r.label) missed.set(r.kind, (missed.get(r.kind) ?? 0) + 1);
    console.log(`  not agreeing, by kind: ${JSON.stringify(Object.fromEntries(missed))}`);
    for (const w of t.wrong) console.log(`  wrong letter ${w.got} (careful reading: ${w.row.label ?? 'none'}) [${w.row.kind}] ${JSON.stringify(w.row.reply)} ${JSON.stringify(w.row.options)}`);
    expect(t.wrong).toEqual([]);
  });

  it('VLMEvalKit\'s can_infer on the same corpus (its output, made once by its own code) is the reference figure', () => {
    // False (no letter) and "Z" (none of the options) are both "no single choice".
    const theirs = new Map(lines('vlmevalkit-can-infer.jsonl').map((l) => JSON.parse(l) as { id: string; can_infer: string | false })
      .map((r) => [r.id, r.can_infer === false || r.can_infer === 'Z' ? null : r.can_infer]));
    expect(corpus.every((r) => theirs.has(r.id))).toBe(true);
    const t = tally((r) => theirs.get(r.id) ?? null);
    console.log(`VLMEvalKit can_infer: ${t.agree}/${corpus.length} agree (${t.pct.toFixed(1)}%), ${t.wrong.length} wrong letters`);
    const ours = tally((r) => extractChoice(r.reply, labelOptions(r.options)).label);
    expect(ours.wrong.length).toBeLessThanOrEqual(t.wrong.length);
  });
});
