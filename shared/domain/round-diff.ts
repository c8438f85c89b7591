import { diffArrays, diffWordsWithSpace, type ChangeObject } from 'diff';
import type { DiffPart, QuestionDiff, RoundDiff } from '../contract/collab-entities';
import type { Draft, TripletDraft } from '../contract/team-entities';
import { labelOptions } from './options';

const partsOf = <T>(changes: ChangeObject<T>[], text: (value: T) => string): DiffPart[] =>
  changes.map((c) => ({ op: c.added ? 'add' : c.removed ? 'del' : 'same', text: text(c.value) }));

/**
 * Joins a run of changes into one removal and one addition, taking in the single spaces between changed words, so
 * "colour" → "of these" reads as one replacement rather than a patchwork of words.
 */
function coalesce(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let del = '';
  let add = '';
  const close = () => {
    if (del) out.push({ op: 'del', text: del });
    if (add) out.push({ op: 'add', text: add });
    del = '';
    add = '';
  };
  parts.forEach((p, i) => {
    const between = p.op === 'same' && /^\s+$/.test(p.text) && (del || add) && parts[i + 1] && parts[i + 1]!.op !== 'same';
    if (p.op === 'del' || between) del += p.text;
    if (p.op === 'add' || between) add += p.text;
    if (p.op === 'same' && !between) {
      close();
      out.push(p);
    }
  });
  close();
  return out;
}

/** Word-level changes of one text field (whitespace kept, so the parts join back to either side). */
export function textDiff(before: string, after: string): DiffPart[] {
  if (before === after) return before ? [{ op: 'same', text: before }] : [];
  return coalesce(partsOf(diffWordsWithSpace(before, after), (v) => v));
}

/** Option-level changes: each labelled option is one unit, so a reworded option reads as removed then added. */
function optionsDiff(before: readonly string[], after: readonly string[]): DiffPart[] {
  const label = (texts: readonly string[]) => labelOptions(texts).map((o) => `${o.label}. ${o.text}`);
  return diffArrays(label(before), label(after)).flatMap((c) =>
    c.value.map((text): DiffPart => ({ op: c.added ? 'add' : c.removed ? 'del' : 'same', text })));
}

export function questionDiff(before: Draft, after: Draft): QuestionDiff {
  const text = textDiff(before.text, after.text);
  const options = optionsDiff(before.options, after.options);
  const rationale = textDiff(before.rationale, after.rationale);
  const answer = { before: before.answer, after: after.answer };
  const changed = [...text, ...options, ...rationale].some((p) => p.op !== 'same') || answer.before !== answer.after;
  return { changed, text, options, answer, rationale };
}

/** What an annotator changed between the submissions of rounds `from` and `to` (perception and knowledge). */
export function roundDiff(from: { round: number; draft: TripletDraft }, to: { round: number; draft: TripletDraft }): RoundDiff {
  return {
    from: from.round,
    to: to.round,
    perception: questionDiff(from.draft.perception, to.draft.perception),
    knowledge: questionDiff(from.draft.knowledge, to.draft.knowledge),
  };
}
