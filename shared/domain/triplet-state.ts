import type { ItemStatus } from '../contract/entities';

/**
 * The triplet workflow (MMEvalPro §3): unassigned → annotating → submitted → in review → accepted | returned →
 * resubmitted → in review (the same checkers) … A lead may move an item anywhere with a logged reason.
 */
export type TripletEvent =
  | { type: 'assign' }
  | { type: 'submit' }
  /** The first of the two checkers' verdicts in a round. */
  | { type: 'firstVerdict' }
  /** The second verdict closes the round: accepted only when both checkers passed every question. */
  | { type: 'secondVerdict'; bothPassed: boolean }
  | { type: 'override'; to: OverrideTarget };

export const overrideTargets = ['unassigned', 'annotating', 'accepted', 'returned'] as const;
export type OverrideTarget = (typeof overrideTargets)[number];

export class TransitionError extends Error {}

const describe: Record<ItemStatus, string> = {
  unassigned: 'not assigned yet',
  annotating: 'being annotated',
  submitted: 'submitted and waiting for its checkers',
  in_review: 'in review',
  accepted: 'accepted',
  returned: 'returned to its annotator',
  resubmitted: 'resubmitted and waiting for its checkers',
};

/** The status after `event`, or a TransitionError that says why the event does not apply. */
export function nextStatus(status: ItemStatus, event: TripletEvent): ItemStatus {
  const refuse = (what: string): never => {
    throw new TransitionError(`cannot ${what}: the triplet is ${describe[status]}`);
  };
  switch (event.type) {
    case 'assign':
      return status === 'unassigned' ? 'annotating' : refuse('assign it');
    case 'submit':
      if (status === 'annotating') return 'submitted';
      if (status === 'returned') return 'resubmitted';
      return refuse('submit it');
    case 'firstVerdict':
      return status === 'submitted' || status === 'resubmitted' ? 'in_review' : refuse('review it');
    case 'secondVerdict':
      if (status !== 'in_review') return refuse('close its review');
      return event.bothPassed ? 'accepted' : 'returned';
    case 'override':
      return event.to;
  }
}

/** Content can change only while its annotator holds it. */
export const editableStatuses: readonly ItemStatus[] = ['annotating', 'returned'];
/** Checkers give verdicts only on submitted work. */
export const reviewableStatuses: readonly ItemStatus[] = ['submitted', 'resubmitted', 'in_review'];

export const statusLabels: Record<ItemStatus, string> = {
  unassigned: 'Unassigned',
  annotating: 'Annotating',
  submitted: 'Submitted',
  in_review: 'In review',
  accepted: 'Accepted',
  returned: 'Returned',
  resubmitted: 'Resubmitted',
};
