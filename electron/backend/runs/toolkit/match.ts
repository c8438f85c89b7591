import { basename } from 'node:path';
import type { Option, Role } from '@shared/contract';
import type { Db } from '../../db/open';
import { AppError } from '../../errors';
import { mapInSlices } from '../../jobs/slices';
import { readAnswer, readOptions } from '../../items/columns';
import { datasetQuestionsForMatching, questionByExtId, type Target } from '../store/questions';
import type { FileAnswer } from './answers';

export type { Target } from '../store/questions';

/** An answer tied to its question, with the options and gold label of the pass it answered. */
export interface Matched { a: FileAnswer; q: Target; options: Option[]; gold: string[] }
export interface Unmatched { where: string; reason: string }

/** Whitespace-insensitive text, so a toolkit's re-wrapped question still finds ours; nothing fuzzier (never guessed). */
const normal = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim();
const textKey = (role: Role, question: string, options: readonly string[]) => JSON.stringify([role, normal(question), options.map(normal)]);

/** Every question of the dataset by its text and options; a key two questions share is ambiguous and matches neither. */
function textIndex(db: Db, datasetId: number): Map<string, Target | 'ambiguous'> {
  const rows = datasetQuestionsForMatching(db, datasetId);
  const index = new Map<string, Target | 'ambiguous'>();
  for (const r of rows) {
    const key = textKey(r.role, r.text, readOptions(r.options).map((o) => o.text));
    index.set(key, index.has(key) ? 'ambiguous' : { id: r.id, type: r.type, options: r.options, answer: r.answer, meta: r.meta });
  }
  return index;
}

/**
 * The options and gold of the pass a row answered. A row that shows its own options (a circular copy) must show the
 * question's options in some order; its gold is wherever the question's gold text landed.
 */
function passOf(q: Target, a: FileAnswer, file: string): { options: Option[]; gold: string[] } {
  const own = readOptions(q.options);
  const gold = readAnswer(q.answer);
  if (!a.options || q.type !== 'multiple-choice') {
    if (a.pass > 0) throw new AppError('invalid_input', `${basename(file)}: ${a.where}: a circular copy must show its options (columns A, B, …)`);
    return { options: own, gold };
  }
  const sorted = (list: readonly Option[]) => list.map((o) => normal(o.text)).sort().join('\u0000');
  if (sorted(a.options) !== sorted(own)) {
    throw new AppError('invalid_input', `${basename(file)}: ${a.where}: its options are not the question's options in another order`);
  }
  const goldText = own.find((o) => o.label === gold[0])?.text;
  const label = a.options.find((o) => goldText !== undefined && normal(o.text) === normal(goldText))?.label;
  return { options: a.options, gold: label ? [label] : gold };
}

interface PromptCandidate { target: Target; role: Role; text: string; options: string[] }

/** Every question with its text and options normalised, for finding the one a prompt asks. */
function promptCandidates(db: Db, datasetId: number): PromptCandidate[] {
  return datasetQuestionsForMatching(db, datasetId).flatMap((r) => {
    const text = normal(r.text);
    const target = { id: r.id, type: r.type, options: r.options, answer: r.answer, meta: r.meta };
    return text ? [{ target, role: r.role, text, options: readOptions(r.options).map((o) => normal(o.text)) }] : [];
  });
}

/**
 * The question a prompt asks: its text and every one of its options appear in the prompt. A candidate whose text lies
 * inside another's (a shorter question the longer one contains) gives way to it; two left (the same text and options
 * twice) match neither.
 */
function byPrompt(candidates: readonly PromptCandidate[], role: Role, prompt: string): Target | 'ambiguous' | undefined {
  const p = normal(prompt);
  const hits = candidates.filter((c) => c.role === role && p.includes(c.text) && c.options.every((o) => p.includes(o)));
  const kept = hits.filter((h) => !hits.some((o) => o !== h && o.text.length > h.text.length && o.text.includes(h.text)));
  return kept.length > 1 ? 'ambiguous' : kept[0]?.target;
}

function unmatchedReason(a: FileAnswer, datasetName: string): string {
  const named = a.key.ids.length ? `id "${a.key.ids[0]}"` : a.key.text ? `text "${a.key.text.question.slice(0, 60)}"`
    : a.key.prompt !== null ? 'its text and options in the prompt' : 'no id and no question text';
  return `no ${a.role} question with ${named} in dataset "${datasetName}"`;
}

/** Finds an answer's question by id, then text and options, then prompt; a reason when it finds none or several. */
function finder(db: Db, dataset: { id: number; name: string }): (a: FileAnswer) => Target | { reason: string } {
  const byId = questionByExtId(db, dataset.id);
  let texts: Map<string, Target | 'ambiguous'> | null = null;
  let prompts: PromptCandidate[] | null = null;
  return (a) => {
    let q = a.key.ids.map((id) => byId(id, a.role)).find((t) => t !== undefined);
    if (!q && a.key.text) {
      texts ??= textIndex(db, dataset.id);
      const hit = texts.get(textKey(a.role, a.key.text.question, a.key.text.options));
      if (hit === 'ambiguous') return { reason: 'its question text and options match several questions' };
      q = hit;
    }
    if (!q && !a.key.text && a.key.prompt !== null) {
      prompts ??= promptCandidates(db, dataset.id);
      const hit = byPrompt(prompts, a.role, a.key.prompt);
      if (hit === 'ambiguous') return { reason: 'its prompt holds the text and options of several questions' };
      q = hit;
    }
    return q ?? { reason: unmatchedReason(a, dataset.name) };
  };
}

/**
 * Ties each answer to one question of the dataset: by id first, then by question text and options, then (a row with
 * no question text) by its prompt. Rows that match nothing are returned, not guessed; a question (and pass) answered
 * twice refuses the file with both rows named. A slice of rows at a time (jobs/slices.ts): a lookup and an options
 * check per row held a server for 0.1–0.2 s at 4,096 rows (issue 29).
 */
export async function matchAnswers(
  db: Db, dataset: { id: number; name: string }, answers: readonly FileAnswer[], file: string, signal?: AbortSignal,
): Promise<{ matched: Matched[]; unmatched: Unmatched[] }> {
  const find = finder(db, dataset);
  const seen = new Map<string, string>();
  const matched: Matched[] = [];
  const unmatched: Unmatched[] = [];
  await mapInSlices(answers, (a) => {
    const q = find(a);
    if ('reason' in q) return void unmatched.push({ where: a.where, reason: q.reason });
    const unit = `${q.id}:${a.pass}`;
    const before = seen.get(unit);
    if (before) throw new AppError('invalid_input', `${basename(file)}: ${a.where}: answers the same question as ${before}`);
    seen.set(unit, a.where);
    matched.push({ a, q, ...passOf(q, a, file) });
  }, { signal });
  return { matched, unmatched };
}
