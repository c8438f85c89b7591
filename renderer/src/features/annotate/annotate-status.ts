import type { Review, Triplet } from '@shared/contract';
import type { SaveState } from './useTripletEditor';

const saveText = {
  saved: 'Saved', dirty: 'Unsaved changes', saving: 'Saving…', error: 'Not saved',
  offline: 'Server unreachable — kept on this computer, saving when it is back',
} as const;

/** The save indicator's words; a saved text names the version it is. */
export function saveLabel(state: SaveState, version: number | null): string {
  return `${saveText[state]}${state === 'saved' && version ? ` · v${version}` : ''}`;
}

/** The checkers' notes the annotator answers: the latest round's, and only while the item came back to them. */
export function notesToAnswer(t: Triplet | undefined): Review[] {
  if (!t || (t.status !== 'returned' && t.status !== 'resubmitted')) return [];
  const latest = Math.max(...t.reviews.map((x) => x.round));
  return t.reviews.filter((r) => r.round === latest);
}

/** Why a read-only item cannot be edited, in the annotator's words. */
export function lockReason(t: Triplet, userId: string | undefined): string {
  if (t.status === 'accepted') return 'Accepted by both checkers — read-only.';
  if (t.assignment?.annotator !== userId) return 'This item is assigned to someone else — read-only.';
  return 'Submitted — waiting for the checkers. It comes back here if they flag a problem.';
}

/** What a refused submission says: how many things are left to fix. */
export function issuesNotice(count: number): string {
  return `${count} thing${count === 1 ? '' : 's'} to fix before submitting.`;
}

/** The option a digit key picks (1 → the first), or null when the form has no such option. */
export function optionIndexForKey(key: string | undefined, options: number): number | null {
  const index = key === undefined ? -1 : Number(key) - 1;
  return index >= 0 && index < options ? index : null;
}
