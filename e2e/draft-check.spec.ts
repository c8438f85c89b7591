import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { assignOneItemToAnn, signIn as signInAs, startTeamServer, type TeamServer } from './support/team-server';
import { FakeOpenAI } from '../test/openai-server';

/**
 * Issue 36 item 3's last sentence in the studio: the lead runs the visual-dependency check and asks for drafts to be
 * checked before submission; the annotator drafts with a model, is refused until the draft is checked, checks it from
 * Annotate (a text-only model, a real local server, knows the drafted perception question without the image), is
 * refused again, revises the question, checks again and submits.
 */
const PERCEPTION = 'Which colour fills the background of the picture?';
const REVISED = 'Which colour is the small square in the top left corner?';
const drafted = {
  perception: { question: PERCEPTION, options: ['red', 'blue', 'green'], answer: 'A' },
  knowledge: { question: 'Which of these is a primary colour of light?', options: ['red', 'brown'], answer: 'A' },
};
const vision = new FakeOpenAI({ reply: () => JSON.stringify(drafted) });
// Right (A) on the drafted perception question without the image; unreadable on anything else.
const blind = new FakeOpenAI({ reply: (prompt) => (prompt.includes(PERCEPTION) ? 'A' : 'I would need to see the picture.') });
let server: TeamServer;
const pageErrors: string[] = [];
const shots = process.env.ANCHOR_SHOTS_DIR ?? 'e2e/screenshots';

test.beforeAll(async ({}, info) => {
  if (info.project.name === 'electron') return;
  mkdirSync(shots, { recursive: true });
  const [visionUrl, blindUrl] = [await vision.start(), await blind.start()];
  server = await startTeamServer();
  expect(server.anchor('models', 'add', 'vision', '--base-url', visionUrl, '--model', 'vl-drafter', '--json').code).toBe(0);
  expect(server.anchor('models', 'add', 'blind', '--base-url', blindUrl, '--model', 'text-llm', '--json').code).toBe(0);
});
test.afterAll(async () => {
  await server?.stop();
  await Promise.all([vision.stop(), blind.stop()]);
});

const signIn = (browser: Browser, name: string) => signInAs(browser, server, name, pageErrors);
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/draft-check-${name}.png` });

/** The lead's visual-dependency check of the team's dataset, with the text-only endpoint `blind`, from its quality page. */
async function checkDataset(lea: Page): Promise<void> {
  await lea.getByTestId('nav.datasets').click();
  await lea.getByTestId('datasets.tab').filter({ hasText: 'originals' }).click();
  await lea.getByTestId('datasets.view.quality').click();
  const card = lea.getByTestId('quality.blind');
  await card.getByTestId('quality.blind.check').click();
  const dialog = lea.getByRole('dialog', { name: 'Check visual dependency' });
  await dialog.getByTestId('visualCheck.text.blind').check();
  await dialog.getByTestId('visualCheck.start').click();
  await expect(card.getByTestId('quality.blind.summary')).toContainText('of 12 checked question(s)');
}

async function openDrafting(lea: Page) {
  await lea.getByTestId('nav.team').click();
  await lea.getByTestId('team.tab.drafting').click();
  return lea.getByTestId('team.drafting');
}

test('a drafted triplet is checked without the image from Annotate before it can be submitted', async ({ browser }, info) => {
  test.skip(info.project.name === 'electron', 'a team server is a browser feature; the desktop app runs one local profile at a time');
  const lea = await signIn(browser, 'lea');
  const ann = await signIn(browser, 'ann');

  // Before any visual-dependency check there is no panel to ask: the switch is not offered.
  let panel = await openDrafting(lea);
  await expect(panel.getByTestId('drafting.checkBeforeSubmit')).toBeDisabled();
  await expect(panel.getByTestId('drafting.checkHint')).toContainText('Needs a visual-dependency check of this dataset first');
  await shot(lea, 'lead-switch-needs-check');
  await checkDataset(lea);
  expect(blind.delivered()).toBe(12);
  panel = await openDrafting(lea);
  await panel.getByTestId('drafting.enabled').setChecked(true);
  await panel.getByTestId('drafting.endpoint').selectOption('vision');
  await panel.getByTestId('drafting.checkBeforeSubmit').check();
  await expect(panel.getByTestId('drafting.checkHint')).toContainText('blind (the text-only models of the last check)');
  await panel.getByTestId('drafting.save').click();
  await expect(panel.getByTestId('drafting.state')).toHaveText('On · set by lea');
  await shot(lea, 'lead-switch');
  await assignOneItemToAnn(lea);

  // A model draft cannot be submitted before it is checked.
  await ann.getByTestId('nav.annotate').click();
  await expect(ann.getByTestId('annotate.draftCheck')).toHaveCount(0);
  await ann.getByTestId('annotate.draftWithModel').click();
  await expect(ann.getByTestId('draft.perception.text')).toHaveValue(PERCEPTION);
  const strip = ann.getByTestId('annotate.draftCheck');
  await expect(strip.getByTestId('annotate.draftCheck.outcome')).toHaveText('Not checked as it now reads: the perception and knowledge questions.');
  await ann.getByTestId('annotate.submit').click();
  await expect(strip.getByTestId('annotate.draftCheck.refusal')).toContainText('Not submitted: this triplet was drafted by a model');
  await shot(ann, 'annotate-refused-unchecked');

  // The check, with its progress while the model is held; then the perception question is flagged.
  blind.hold();
  await strip.getByTestId('annotate.draftCheck.start').click();
  await expect(strip.getByTestId('annotate.draftCheck.progress')).toContainText('Asking text-only models without the image: 0 of 1 done');
  await expect(strip.getByTestId('annotate.draftCheck.start')).toBeDisabled();
  await shot(ann, 'annotate-checking');
  blind.release();
  await expect(strip.getByTestId('annotate.draftCheck.outcome')).toHaveText(
    'Answerable without the image: the perception question (1 of 1 text-only models). Revise it so the answer needs the image, then check again.');
  await expect(ann.getByTestId('blindFlag.perception')).toBeVisible();
  expect(blind.delivered()).toBe(14);
  await ann.getByTestId('annotate.submit').click();
  await expect(strip.getByTestId('annotate.draftCheck.refusal')).toContainText('the perception question is answerable without the image');
  await shot(ann, 'annotate-refused-blind');

  // Revised, checked again (only the revised question is asked), then submitted.
  await ann.getByTestId('draft.perception.text').fill(REVISED);
  await expect(ann.getByTestId('annotate.saveState')).toHaveText(/^Saved · v\d+$/);
  await expect(strip.getByTestId('annotate.draftCheck.outcome')).toHaveText('Not checked as it now reads: the perception question.');
  await strip.getByTestId('annotate.draftCheck.start').click();
  await expect(strip.getByTestId('annotate.draftCheck.outcome')).toHaveText('Both questions need the image: you can submit.');
  await expect(strip.getByTestId('annotate.draftCheck.refusal')).toHaveCount(0);
  await expect(ann.getByTestId('blindFlag.perception')).toHaveCount(0);
  expect(blind.delivered()).toBe(15);
  await shot(ann, 'annotate-checked');
  await ann.getByTestId('annotate.submit').click();
  await expect(ann.getByTestId('annotate.notice')).toContainText('Submitted item');
  expect(pageErrors).toEqual([]);
});
