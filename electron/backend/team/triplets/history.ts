import type { Revision } from '@shared/contract';
import type { Db } from '../../db/open';
import { mayReadDraft, onItem, type Actor } from '@shared/domain/permissions';
import { itemState } from '../assignment/store/assignments';
import { reviewVisibility } from './review-visibility';
import type { WorkflowDiff } from './store/json';
import { workflowRevisions } from './store/revisions';

function noteOf(entity: string, action: string, diff: WorkflowDiff): string | null {
  if (entity === 'assignment') {
    const checkers = diff.checkers?.join(' and ');
    return `${action === 'reassign' ? 'reassigned' : 'assigned'} to ${String(diff.annotator)}, checked by ${checkers}${diff.reason ? ` (${String(diff.reason)})` : ''}`;
  }
  switch (action) {
    case 'submit': return `submitted for review round ${String(diff.round)}${typeof diff.guidelineVersion === 'number' ? ` under guidelines v${diff.guidelineVersion}` : ''}`;
    case 'reply': return `replied on ${String(diff.checker)}'s ${String(diff.role)} verdict (round ${String(diff.round)}): ${String(diff.body)}`;
    case 'review': return `verdict in round ${String(diff.round)}: ${diff.passed ? 'pass' : 'problematic'} → ${String(diff.status).replace('_', ' ')}`;
    case 'override': return `lead moved it from ${String(diff.from)} to ${String(diff.to)}: ${String(diff.reason)}`;
    case 'save': return diff.drafted ? `drafted by model ${String(diff.drafted.model)} (endpoint ${String(diff.drafted.endpoint)}) for ${String(diff.drafted.for)}` : null;
    case 'conflict': return `refused save (based on version ${String(diff.baseVersion)}, it was at ${String(diff.currentVersion)}); the text is kept here`;
    default: return null;
  }
}

/**
 * Every revision of a triplet and its assignment that `actor` may see, newest first. Saves and refused saves carry
 * their text for those who may read the draft; this round's verdicts are left out for anyone the blind review still
 * keeps them from (the same rules as `triplets.get`).
 */
export function tripletHistory(db: Db, itemId: number, actor: Actor | null): Revision[] {
  const state = itemState(db, itemId);
  const sees = reviewVisibility(db, actor, state);
  const readsThreads = onItem(actor, state.assignment);
  const readsDraft = mayReadDraft(actor, state.assignment, state.status);
  const visible = workflowRevisions(db, itemId).map(({ diff, ...r }) => ({ r, diff }))
    .filter(({ r, diff }) => {
      if (r.action === 'review') return sees({ round: diff.round ?? 0, checker: r.user_id });
      // A reply follows the verdict it answers: hidden while that verdict is, and only for the people on the item.
      if (r.action === 'reply') return readsThreads && sees({ round: diff.round ?? 0, checker: diff.checker ?? null });
      return true;
    });
  return visible.map(({ r, diff }) => ({
    id: r.id, at: r.at, user: r.user_id, action: r.action,
    version: typeof diff.version === 'number' ? diff.version : null, round: r.action === 'submit' && typeof diff.round === 'number' ? diff.round : null, draft: readsDraft ? diff.draft ?? null : null, note: noteOf(r.entity, r.action, diff),
  }));
}
