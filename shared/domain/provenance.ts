import type { Draft, TripletDraft } from '../contract/team-entities';
import { wordDiff } from '../optimize/diff';
import { optionLabel } from './options';

/** Where a triplet's perception and knowledge questions came from (METHODS §10). */
export type ProvenanceKind = 'human' | 'drafted_edited' | 'drafted_unchanged';

/**
 * The words of one question a model drafts and a person may change: its text, each option with its label, and the
 * answer's label. The rationale is left out: the model is not asked for one, and an annotator's note on why the
 * answer holds is not an edit of the draft (DECISIONS 242).
 */
function draftWords(d: Draft): string {
  return [d.text, ...d.options.map((o, i) => `${optionLabel(i)}. ${o}`), `answer: ${d.answer ?? '-'}`].join(' ');
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * The share of a model's draft a person changed, over both questions: words removed plus words added (a word diff,
 * longest common subsequence, `shared/optimize/diff.ts`) over the words of both sides. 0 when every word is kept in
 * place, 1 when nothing is left; white space alone changes nothing.
 */
export function editShare(drafted: TripletDraft, now: TripletDraft): number {
  let changed = 0;
  let total = 0;
  for (const role of ['perception', 'knowledge'] as const) {
    const before = draftWords(drafted[role]);
    const after = draftWords(now[role]);
    total += wordCount(before) + wordCount(after);
    changed += wordDiff(before, after).filter((p) => p.kind !== 'same').reduce((n, p) => n + wordCount(p.text), 0);
  }
  return total === 0 ? 0 : changed / total;
}

/** A triplet's kind: no model draft is human-written; a draft with any word changed was edited. */
export function provenanceKind(share: number | null): ProvenanceKind {
  if (share === null) return 'human';
  return share > 0 ? 'drafted_edited' : 'drafted_unchanged';
}
