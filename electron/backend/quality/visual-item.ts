import { AppError } from '../errors';
import { getItem } from '../items/items';
import { askModel, type VisualDeps } from './visual';
import { panelOf, visualOfItem } from './visual-results';

/** The job kind of a one-triplet check, so the quality page does not take it for the dataset's check. */
export const ITEM_CHECK_KIND = 'visual-check-item';
export const itemCheckTitle = (extId: string) => `Checking triplet ${extId} without the image`;

/**
 * Checks one item's questions with the text-only models of its dataset's panel (METHODS §10): the dataset check's
 * runs and cache, over that item only, so only questions without a reading of their current text are asked. Vision
 * models are not asked: they never flag a question. The judge of the last dataset check is not kept, so replies the
 * rules cannot read count as unread, as in a check started without one.
 */
export function startItemCheck(deps: VisualDeps, itemId: number, userId: string | null): { jobId: string; done: Promise<void> } {
  const item = getItem(deps.db, itemId);
  const panel = panelOf(deps.db, item.datasetId);
  if (panel.textOnly.length === 0) {
    throw new AppError('visual_check_needed', `${item.datasetName} has no visual-dependency check yet: a lead runs one from its quality page first`);
  }
  for (const name of panel.textOnly) deps.endpoints.get(name);
  const input = { datasetId: item.datasetId, textOnly: panel.textOnly, vision: [], threshold: panel.threshold, judge: null, runs: [] };
  const scope = { itemIds: new Set([itemId]), label: item.extId };
  const { job, done } = deps.jobs.start(ITEM_CHECK_KIND, itemCheckTitle(item.extId), 'models', async (control) => {
    let asked = 0;
    control.progress(0, panel.textOnly.length);
    await Promise.all(panel.textOnly.map(async (model) => {
      await askModel(deps, input, { model, images: false }, userId, control, scope);
      control.progress(++asked, panel.textOnly.length, `${model} without the image`);
    }));
    if (control.signal.aborted) throw new AppError('cancelled', 'cancelled; every reading received so far is kept');
  });
  return { jobId: job.id, done };
}

/** Where a question of an item stands against the panel: every text-only model read its current text, and the flag. */
export interface ItemCheck { role: 'origin' | 'perception' | 'knowledge'; complete: boolean; blind: boolean }

/** Each question of an item, checked completely (a current reading by every text-only model of the panel) or not. */
export function itemCheckState(deps: Pick<VisualDeps, 'db'>, itemId: number): { panel: boolean; questions: ItemCheck[] } {
  const item = getItem(deps.db, itemId);
  const panel = panelOf(deps.db, item.datasetId);
  const checked = visualOfItem(deps.db, itemId, new Set(item.questions.map((q) => q.id))).questions;
  return {
    panel: panel.textOnly.length > 0,
    questions: item.questions.map((q) => {
      const c = checked.find((v) => v.questionId === q.id);
      return { role: q.role, complete: c !== undefined && c.blindAsked >= panel.textOnly.length, blind: c?.blind ?? false };
    }),
  };
}
