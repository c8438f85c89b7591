import { expect, test } from '@playwright/test';
import type { ItemDetail, VisualResults } from '@shared/contract';
import { api } from './support/api';
import { freshItem, teamServerForSpec } from './support/team-spec';
import { FakeOpenAI } from '../test/openai-server';

const team = teamServerForSpec();
const shots = process.env.ANCHOR_SHOTS_DIR ?? 'e2e/screenshots';
let known = '';
let gold = '';
// A text-only model that knows exactly one question without its image: the origin question of Ann's fresh item.
const llm = new FakeOpenAI({ reply: (prompt) => (known && prompt.includes(known) ? gold : 'I would need to see the picture.') });

let llmUrl = '';

test.beforeAll(async () => {
  llmUrl = await llm.start();
});
test.afterAll(async () => {
  await llm.stop();
});

// Issue 36 item 1 in the studio: the lead checks a dataset; the browser filters the flagged question and the
// annotator's form shows the flag on the origin question while they write the triplet.
test('the visual-dependency check flags a question in the dataset browser and on the annotator\'s form', async ({ browser }) => {
  const lead = team.lead();
  const ann = await team.signIn(browser, 'ann');
  const itemId = await freshItem(lead, ann);
  const item = await api<ItemDetail>(lead, 'items.get', { id: itemId });
  const origin = item.questions.find((q) => q.role === 'origin')!;
  [known, gold] = [origin.text, origin.answer[0]!];
  const name = `llm-${Date.now()}`;
  expect(team.server().anchor('models', 'add', name, '--base-url', llmUrl, '--model', 'text-llm', '--text-only').code).toBe(0);

  await api(lead, 'quality.checkVisual', { datasetId: item.datasetId, textOnly: [name] });
  await expect.poll(async () => (await api<VisualResults>(lead, 'quality.visual', { datasetId: item.datasetId })).questions.filter((q) => q.blind)
    .map((q) => q.itemId)).toEqual([itemId]);
  expect(llm.requests.every((r) => r.images === 0)).toBe(true);

  // The annotator's form: the flag stands on the origin question, and not on the drafts.
  await ann.goto(`./#/annotate/${itemId}`);
  await expect(ann.getByTestId('annotate.screen')).toBeVisible();
  await expect(ann.getByTestId('blindFlag.origin')).toContainText('The origin question is answerable without the image: 1 of 1 text-only models answered it right');
  await expect(ann.getByTestId('blindFlag.perception')).toHaveCount(0);
  await ann.screenshot({ path: `${shots}/annotate-blind-flag.png` });

  // The lead's dataset browser: the filter keeps only the flagged question.
  const lea = await team.signIn(browser, 'lea');
  await lea.getByTestId('datasets.tab').filter({ hasText: 'originals' }).click();
  const count = lea.getByTestId('datasets.count');
  await expect(count).not.toHaveText('1 question');
  await expect(lea.getByTestId('filter.blind')).toBeVisible();
  await lea.getByTestId('filter.blind').check();
  await expect(count).toHaveText('1 question');
  await expect(lea.getByTestId('datasets.screen')).toContainText(origin.text);
  await lea.screenshot({ path: `${shots}/datasets-blind-filter.png` });
  expect(team.pageErrors).toEqual([]);
});
