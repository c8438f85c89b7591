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
