import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { expect, test } from './support/test';
import { assignOneItemToAnn, signIn as signInAs, startTeamServer, type TeamServer } from './support/team-server';
import { FakeOpenAI } from '../test/openai-server';

/**
 * Issue 36 item 3 in the studio: a lead turns drafting on with a vision endpoint (a real local server speaking the
 * OpenAI protocol), the annotator drafts, edits and submits, the history shows the model then the person, checkers
 * and the dashboard see the provenance, the export carries it, and once the lead turns drafting off it is not offered.
 */
const drafted = {
  perception: { question: 'Which colour fills the background of the picture?', options: ['red', 'blue', 'green'], answer: 'A' },
  knowledge: { question: 'Which of these is a primary colour of light?', options: ['red', 'brown'], answer: 'A' },
};
const vision = new FakeOpenAI({ reply: () => JSON.stringify(drafted) });
let server: TeamServer;
const pageErrors: string[] = [];

test.beforeAll(async ({}, info) => {
  if (info.project.name === 'electron') return;
  const url = await vision.start();
  server = await startTeamServer();
  expect(server.anchor('models', 'add', 'vision', '--base-url', url, '--model', 'vl-drafter', '--json').code).toBe(0);
});
test.afterAll(async () => {
  await server?.stop();
  await vision.stop();
});

const signIn = (browser: Browser, name: string) => signInAs(browser, server, name, pageErrors);
/** Each element shows its whole text: nothing cut at its box's edge. */
async function expectWhole(page: Page, ids: string[]): Promise<void> {
  for (const id of ids) expect(await page.getByTestId(id).evaluate((el) => el.scrollWidth <= el.clientWidth), `${id} shown whole`).toBe(true);
}
const shot = (page: Page, name: string) => page.screenshot({ path: `e2e/screenshots/drafting-${name}.png` });

async function setDrafting(lea: Page, on: boolean): Promise<void> {
  await lea.getByTestId('nav.team').click();
  await lea.getByTestId('team.tab.drafting').click();
  const panel = lea.getByTestId('team.drafting');
  await panel.getByTestId('drafting.enabled').setChecked(on);
  if (on) await panel.getByTestId('drafting.endpoint').selectOption('vision');
  await panel.getByTestId('drafting.save').click();
  await expect(panel.getByTestId('drafting.state')).toHaveText(`${on ? 'On' : 'Off'} · set by lea`);
}

/** Both checkers pass the open triplet in Review. */
async function passBoth(checkers: Page[]): Promise<void> {
  for (const checker of checkers) {
    await checker.getByTestId('nav.review').click();
    await expect(checker.getByTestId('review.screen')).toBeVisible();
    await checker.getByTestId('review.perception.pass').click();
    await checker.getByTestId('review.knowledge.pass').click();
    await checker.getByTestId('review.submit').click();
    await expect(checker.getByTestId('review.notice')).toBeVisible();
  }
}

test('drafts a triplet with a model, edits and submits it; provenance reaches review, dashboard and export; off means not offered', async ({ browser }, info) => {
  test.skip(info.project.name === 'electron', 'a team server is a browser feature; the desktop app runs one local profile at a time');
  const lea = await signIn(browser, 'lea');
  const ann = await signIn(browser, 'ann');
  const cat = await signIn(browser, 'cat');

  await setDrafting(lea, true);
  await shot(lea, 'lead-switch');
  await assignOneItemToAnn(lea);

  // Ann asks for a draft: both questions fill the form as the model's revision.
  await ann.getByTestId('nav.annotate').click();
  await ann.getByTestId('annotate.draftWithModel').click();
  await expect(ann.getByTestId('annotate.notice')).toContainText('Drafted by model:vision');
  await expect(ann.getByTestId('draft.perception.text')).toHaveValue(drafted.perception.question);
  await expect(ann.getByTestId('draft.knowledge.option.1')).toHaveValue('brown');
  await expect(ann.getByTestId('triplet.provenance')).toHaveText('Model-drafted');
  await expect(ann.getByTestId('triplet.provenance')).toHaveAttribute('title', 'Drafted by vl-drafter (endpoint vision)');
  // With the Draft button in the bar, "your time", the save state and the provenance are still read whole (at 1280 px
  // they were cut to "yo…", "S…" and "Model-d…").
  await expectWhole(ann, ['annotate.time', 'annotate.saveState', 'triplet.provenance']);
  await shot(ann, 'annotate-drafted');

  // She rewords the knowledge question; history shows the model's save, then hers.
  await ann.getByTestId('draft.knowledge.text').fill('Which of these is one of the three primary colours of light?');
  await expect(ann.getByTestId('annotate.saveState')).toHaveText(/^Saved · v\d+$/);
  await ann.getByTestId('annotate.history').click();
  const saves = ann.getByTestId('history.panel').locator('.history__row--save');
  await expect(saves).toHaveCount(2);
  await expect(saves.nth(0)).toContainText('ann');
  await expect(saves.nth(1)).toContainText('model:vision');
  await expect(saves.nth(1)).toContainText('drafted by model vl-drafter (endpoint vision) for ann');
  await shot(ann, 'annotate-history');
  await ann.getByTestId('annotate.history').click();
  await ann.getByTestId('annotate.submit').click();
  await expect(ann.getByTestId('annotate.notice')).toContainText('Submitted item');

  // The checker sees who wrote it and how much was changed.
  await cat.getByTestId('nav.review').click();
  await expect(cat.getByTestId('triplet.provenance')).toHaveText(/Model-drafted, \d+% edited$/);
  await expect(cat.getByTestId('triplet.provenance')).toHaveAttribute('title', /^Drafted by vl-drafter \(endpoint vision\); \d+% of its words changed since$/);
  await expectWhole(cat, ['review.time', 'triplet.provenance']);
  await shot(cat, 'review-provenance');
  await passBoth([cat, lea]);

  // The lead's dashboard counts it; the export carries it.
  await lea.getByTestId('nav.team').click();
  await lea.getByTestId('team.tab.dashboard').click();
  await expect(lea.getByTestId('dashboard.provenance.counts')).toContainText('0 human · 1 drafted and edited · 0 drafted unchanged');
  await lea.getByTestId('dashboard.provenance').scrollIntoViewIfNeeded();
  await shot(lea, 'dashboard');
  const downloading = lea.waitForEvent('download');
  await lea.getByTestId('team.exportAccepted').click();
  const files = unzipSync(readFileSync((await (await downloading).path())!));
  const historyName = Object.keys(files).find((n) => n.endsWith('review-history.json'))!;
  const rows = JSON.parse(strFromU8(files[historyName]!)) as { provenance: { kind: string; model: string; edit_share: number } }[];
  expect(rows).toHaveLength(1);
  expect(rows[0]!.provenance).toMatchObject({ kind: 'drafted_edited', model: 'vl-drafter' });
  expect(rows[0]!.provenance.edit_share).toBeGreaterThan(0);

  // Off: the button is not offered, and the backend refuses a draft asked for directly.
  await setDrafting(lea, false);
  await assignOneItemToAnn(lea);
  const post = (method: string, input: unknown) => ann.evaluate(async ([m, body]) => {
    const res = await fetch(`api/${m}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return res.json() as Promise<{ ok: boolean; value?: { rows: { itemId: number; status: string }[] }; error?: { code: string } }>;
  }, [method, input] as const);
  const open = (await post('triplets.queue', { kind: 'annotate' })).value!.rows.find((r) => r.status === 'annotating')!;
  await ann.reload();
  await ann.getByTestId('nav.annotate').click();
  await ann.getByTestId(`queue.item.${open.itemId}`).click();
  await expect(ann.getByTestId('draft.perception.text')).toBeEditable();
  await expect(ann.getByTestId('draft.perception.text')).toHaveValue('');
  await expect(ann.getByTestId('annotate.draftWithModel')).toHaveCount(0);
  const refused = (await post('drafting.draft', { itemId: open.itemId, baseVersion: 0 })).error?.code;
  expect(refused).toBe('drafting_off');
  await shot(ann, 'annotate-off');
  expect(vision.requests).toHaveLength(1);
  expect(pageErrors).toEqual([]);
});
