import type { ItemStatus } from '../contract/entities';
import type { Assignment, UserRole } from '../contract/team-entities';
import { editableStatuses, reviewableStatuses } from './triplet-state';

export interface Actor {
  id: string;
  roles: readonly UserRole[];
}

/** Why `actor` may not edit this triplet's content, or null when they may. */
export function editRefusal(actor: Actor, assignment: Assignment | null, status: ItemStatus): string | null {
  if (!assignment) return 'this item is not assigned to anyone yet';
  if (assignment.checkers.includes(actor.id)) return 'checkers cannot edit the triplets they review';
  if (assignment.annotator !== actor.id) return 'only the triplet\'s annotator can edit it';
  if (!editableStatuses.includes(status)) return `the triplet is ${status.replace('_', ' ')}; it can be edited only while annotating or after it is returned`;
  return null;
}

/** Why `actor` may not give a verdict on this triplet now, or null when they may. */
export function reviewRefusal(actor: Actor, assignment: Assignment | null, status: ItemStatus, alreadyReviewed: boolean): string | null {
  if (!assignment) return 'this item is not assigned to anyone yet';
  if (assignment.annotator === actor.id) return 'annotators cannot review their own triplets';
  if (!assignment.checkers.includes(actor.id)) return 'you are not one of this triplet\'s two checkers';
  if (!actor.roles.includes('checker')) return 'reviewing needs the checker role';
  if (!reviewableStatuses.includes(status)) return `the triplet is ${status.replace('_', ' ')}, not waiting for review`;
  if (alreadyReviewed) return 'you already gave your verdict for this round';
  return null;
}

export function hasRole(actor: Actor | null, roles: readonly UserRole[]): boolean {
  return actor !== null && roles.some((r) => actor.roles.includes(r));
}

// ---- Read rules: what a caller may see follows the same lines as what they may write. A null actor is the
// machine's owner (CLI, desktop without a profile), who sees everything.

/**
 * Whether `actor` may read the perception and knowledge drafts of an item. While the triplet is being written
 * (annotating, or returned for changes) the draft is its annotator's alone; once submitted its two checkers read it;
 * a lead reads everything. Items outside the workflow (never assigned) hold imported data anyone may read.
 */
export function mayReadDraft(actor: Actor | null, assignment: Assignment | null, status: ItemStatus): boolean {
  if (actor === null || !assignment || actor.roles.includes('lead')) return true;
  if (assignment.annotator === actor.id) return true;
  return assignment.checkers.includes(actor.id) && !editableStatuses.includes(status);
}

export interface ReviewRound {
  round: number;
  status: ItemStatus;
  /** Checkers who gave a verdict in the current round. */
  reviewedBy: readonly string[];
}

/**
 * Blind review: whether `actor` may see verdicts of the current round given by others. A checker sees the other
 * verdict only after giving theirs; the annotator once the round is closed; a lead always, unless the lead is one of
 * this triplet's checkers and has not judged yet. Earlier rounds are always visible.
 */
export function maySeeCurrentVerdicts(actor: Actor | null, assignment: Assignment | null, round: ReviewRound): boolean {
  const closed = round.reviewedBy.length >= 2 || !reviewableStatuses.includes(round.status);
  if (actor === null || closed) return true;
  const pendingChecker = Boolean(assignment?.checkers.includes(actor.id)) && !round.reviewedBy.includes(actor.id);
  return actor.roles.includes('lead') && !pendingChecker;
}

/** Whether `actor` may draw an item's scene: its annotator or a lead (the owner always). */
export function sceneRefusal(actor: Actor | null, assignment: Assignment | null): string | null {
  if (actor === null || actor.roles.includes('lead')) return null;
  if (assignment?.annotator === actor.id) return null;
  return assignment ? 'only the item\'s annotator or a lead can draw its scene' : 'this item is not assigned to you; ask a lead to assign it before drawing its scene';
}

/**
 * Whether `actor` is one of the people on an item — its annotator, one of its two checkers — or a lead: those who
 * may reply to its review comments, read the threads and see what changed between its review rounds.
 */
export function onItem(actor: Actor | null, assignment: Assignment | null): boolean {
  if (actor === null || actor.roles.includes('lead')) return true;
  return assignment !== null && (assignment.annotator === actor.id || assignment.checkers.includes(actor.id));
}
