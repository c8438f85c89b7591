import { editRefusal, type Actor } from '@shared/domain/permissions';
import type { Db } from '../../db/open';
import { AppError } from '../../errors';
import type { VisualDeps } from '../../quality/visual';
import { itemCheckState, startItemCheck } from '../../quality/visual-item';
import { itemState } from '../assignment/store/assignments';
import { draftingSettings } from './settings';
import { provenanceRow } from './store/provenance';

/**
 * Starts the check of one triplet for whoever may edit it, where the lead asks for drafts to be checked: the dataset
 * check's job over that item (`startItemCheck`), so an unchanged question is not asked again.
 */
export function startDraftCheck(deps: VisualDeps, actor: Actor | null, itemId: number): { jobId: string; done: Promise<void> } {
  if (!actor) throw new AppError('forbidden', 'choose a profile before you check a triplet');
  const state = itemState(deps.db, itemId);
  const refusal = editRefusal(actor, state.assignment, state.status);
  if (refusal) throw new AppError('forbidden', refusal);
  if (!draftingSettings(deps.db, state.datasetId).checkBeforeSubmit) {
    throw new AppError('forbidden', 'a lead has not asked for drafts of this dataset to be checked without the image');
  }
  return startItemCheck(deps, itemId, actor.id);
}

/** The roles a drafted triplet is checked on: the origin question is not the annotator's to change (DECISIONS 257). */
const CHECKED_ROLES = ['perception', 'knowledge'] as const;

/**
 * METHODS §10: where a lead asks for it, a model-drafted triplet is submitted only once every text-only model of the
 * dataset's check has read its perception and knowledge questions as they stand (the text being submitted: called
 * after it is written, inside the submission's transaction) and none is answerable without the image. Human-written
 * triplets, and datasets with the switch off, submit as before.
 */
export function requireDraftChecked(db: Db, itemId: number, datasetId: number): void {
  if (!provenanceRow(db, itemId) || !draftingSettings(db, datasetId).checkBeforeSubmit) return;
  const state = itemCheckState({ db }, itemId);
  const questions = state.questions.filter((q) => (CHECKED_ROLES as readonly string[]).includes(q.role));
  const unchecked = CHECKED_ROLES.filter((role) => !questions.some((q) => q.role === role && q.complete));
  if (!state.panel || unchecked.length > 0) {
    throw new AppError('visual_check_needed', `this triplet was drafted by a model and the lead asks that drafts be checked without the image before `
      + `they are submitted: the ${unchecked.join(' and ')} question${unchecked.length > 1 ? 's have' : ' has'} not been checked as it now reads. `
      + 'Check it without the image, then submit.');
  }
  const blind = questions.filter((q) => q.blind).map((q) => q.role);
  if (blind.length > 0) {
    throw new AppError('answerable_without_image', `the ${blind.join(' and ')} question${blind.length > 1 ? 's are' : ' is'} answerable without the image: `
      + 'too many text-only models answered it right without seeing the picture. Revise it so the answer needs the image, then check again.');
  }
}
