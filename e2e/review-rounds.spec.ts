import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api';
import { teamServerForSpec } from './support/team-spec';

/** Checkers see what they judged: a returned triplet on Review shows its last submission, never an empty form. */
const team = teamServerForSpec();
const { pageErrors, signIn } = team;

interface Question { text: string; options: string[]; answer: string | null; rationale: string }
const question = (text: string, options: string[], answer: string): Question => ({ text, options, answer, rationale: '' });
const pass = { verdict: 'pass', reason: null, comment: '' };

/** Ann's first submission, which Cat flags and Lea passes, so it comes back returned; returns the item. */
async function returnedItem(ann: Page, cat: Page): Promise<number> {
  const lead = team.lead();
  const datasets = await api<{ id: number; name: string }[]>(lead, 'datasets.list', {});
  const datasetId = datasets.find((d) => d.name === 'originals')!.id;
  await api(lead, 'assignments.assign', { datasetId, annotators: ['ann'], checkers: ['lea', 'cat'], select: { mode: 'count', count: 1 } });
  const rows = (await api<{ rows: { itemId: number }[] }>(ann.request, 'triplets.queue', { kind: 'annotate', todo: true })).rows;
  const itemId = rows[0]!.itemId;
  const { version } = await api<{ version: number }>(ann.request, 'triplets.get', { itemId });
  const draft = {
    perception: question('What colour is the background?', ['red', 'blue', 'green'], 'A'),
    knowledge: question('Which colour is a primary colour of light?', ['red', 'brown'], 'B'),
  };
  await api(ann.request, 'triplets.submit', { itemId, baseVersion: version, draft });
  await api(cat.request, 'reviews.submit', { itemId, verdicts: { perception: pass, knowledge: { verdict: 'problematic', reason: 'wrong_answer', comment: 'red, not brown' } } });
  await api(lead, 'reviews.submit', { itemId, verdicts: { perception: pass, knowledge: pass } });
  return itemId;
}

test('a checker opening a returned triplet sees the version they judged, then the resubmitted one with what changed', async ({ browser }) => {
  const ann = await signIn(browser, 'ann');
  const cat = await signIn(browser, 'cat');
  const itemId = await returnedItem(ann, cat);
  // Ann is rewriting it: her work in progress is hers until she resubmits.
  await ann.goto(`./#/annotate/${itemId}`);
  await ann.getByTestId('draft.knowledge.text').fill('Which colour of light is primary, red or brown?');
  await expect(ann.getByTestId('annotate.saveState')).toHaveText(/^Saved · v\d+$/);

  await cat.goto(`./#/review/${itemId}`);
  await expect(cat.getByTestId('review.screen')).toBeVisible();
  await expect(cat.getByTestId('review.submitted')).toContainText('round 1 as submitted');
  const k = cat.getByTestId('review.knowledge');
  await expect(k).toContainText('Which colour is a primary colour of light?');
  await expect(k.locator('.option__text')).toHaveText(['red', 'brown']);
  await expect(cat.getByTestId('review.perception').locator('.option__text')).toHaveText(['red', 'blue', 'green']);
  await expect(cat.getByText('empty', { exact: true })).toHaveCount(0);
  await cat.screenshot({ path: '/tmp/ux-shots/review-returned.png' });

  // Resubmitted: the current text, and what changed since the round Cat judged.
  await ann.getByTestId('draft.knowledge.answer.A').click();
  await ann.getByTestId('annotate.submit').click();
  await expect(ann.getByTestId('annotate.notice')).toContainText('for review');
  await cat.reload();
  await expect(cat.getByTestId('review.submitted')).toHaveCount(0);
  await expect(cat.getByTestId('review.knowledge')).toContainText('Which colour of light is primary, red or brown?');
  await expect(cat.getByTestId('review.diff')).toContainText('What changed since round 1');
  await cat.screenshot({ path: '/tmp/ux-shots/review-resubmitted.png' });
  expect(pageErrors).toEqual([]);
});
