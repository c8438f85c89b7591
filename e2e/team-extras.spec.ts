import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { contrastProblems } from './support/contrast';
import { assignOneItemToAnn, signIn as signInAs, startTeamServer, writeKnowledgeWithWrongKey, type TeamServer } from './support/team-server';

let server: TeamServer;
const pageErrors: string[] = [];
const contrast: string[] = [];

test.beforeAll(async ({}, info) => {
  if (info.project.name === 'electron') return;
  server = await startTeamServer();
});
test.afterAll(async () => server?.stop());

const signIn = (browser: Browser, name: string) => signInAs(browser, server, name, pageErrors);

/** The screen as it is, in both themes at 1280×720, with axe-core's contrast rule run on each; ends in light. */
async function shoot(page: Page, name: string, ready: string, reopen?: () => Promise<void>): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => window.localStorage.setItem('anchor.theme', t), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    // The Team screen's tab is not part of the address: reopen it after the reload.
    if (reopen) await reopen();
    await expect(page.getByTestId(ready)).toBeVisible();
    await page.getByTestId(ready).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `e2e/screenshots/team-extras-${name}-${theme}.png` });
    contrast.push(...(await contrastProblems(page, `${name} (${theme})`)));
  }
}

test('guidelines, active time, a reply to a checker and the round diff, across a lead, an annotator and a checker', async ({ browser }, info) => {
  test.skip(info.project.name === 'electron', 'a team server is a browser feature; the desktop app runs one local profile at a time');
  const lea = await signIn(browser, 'lea');
  const ann = await signIn(browser, 'ann');
  const cat = await signIn(browser, 'cat');

  // The lead writes the dataset's guidelines; raw HTML in them is never injected into the page.
  await lea.getByTestId('nav.team').click();
  await lea.getByTestId('team.tab.guidelines').click();
  await expect(lea.getByTestId('guidelines.none')).toContainText('No guidelines yet');
  await lea.getByTestId('guidelines.editor').fill('# Perception\n\nAsk about **what is visible**, never about the caption.\n\n<img src=x onerror="window.__pwned=1">');
  await expect(lea.getByTestId('guidelines.preview').locator('strong')).toHaveText('what is visible');
  await lea.getByTestId('guidelines.save').click();
  await expect(lea.getByTestId('guidelines.saved')).toHaveText('Version 1 is current.');
  await expect(lea.getByTestId('guidelines.version.1')).toContainText('Lea Lead');
  expect(await lea.locator('.markdown img').count()).toBe(0);
  await shoot(lea, 'guidelines-editor', 'guidelines.version.1', () => lea.getByTestId('team.tab.guidelines').click());

  await assignOneItemToAnn(lea);

  // Ann reads the guidelines beside the form while she writes; her active time rides on the saves.
  await ann.getByTestId('nav.annotate').click();
  await expect(ann.getByTestId('guidelines.body').locator('strong')).toHaveText('what is visible');
  const p = ann.getByTestId('draft.perception');
  await p.getByTestId('draft.perception.text').fill('What colour is the background?');
  await p.getByTestId('draft.perception.option.0').fill('red');
  await p.getByTestId('draft.perception.option.1').fill('blue');
  await p.getByTestId('draft.perception.answer.A').click();
  await writeKnowledgeWithWrongKey(ann);
  await shoot(ann, 'annotate-guidelines', 'guidelines.body');
  await expect(ann.getByTestId('annotate.time')).not.toHaveText('your time 0 s');
  await ann.getByTestId('annotate.submit').click();
  await expect(ann.getByTestId('annotate.notice')).toContainText('Submitted item 0 for review');

  // Cat flags the knowledge answer with a comment; Lea passes: the triplet goes back to Ann.
  for (const [checker, flag] of [[cat, true], [lea, false]] as const) {
    await checker.getByTestId('nav.review').click();
    await expect(checker.getByTestId('review.screen')).toBeVisible();
    await checker.getByTestId('review.perception.pass').click();
    if (flag) {
      await checker.getByTestId('review.knowledge.problem').click();
      await checker.getByTestId('review.knowledge.reason').selectOption('wrong_answer');
      await checker.getByTestId('review.knowledge.comment').fill('Brown is not a primary colour of light.');
    } else {
      await checker.getByTestId('review.knowledge.pass').click();
    }
    await checker.getByTestId('review.submit').click();
    await expect(checker.getByTestId('review.notice')).toContainText(flag ? 'now in review' : 'now returned');
  }

  // Ann answers the comment in its thread, fixes the answer and resubmits.
  await ann.reload();
  const notes = ann.getByTestId('draft.knowledge.notes');
  await expect(notes).toContainText('Brown is not a primary colour of light.');
  await notes.locator('[data-testid$=".knowledge.input"]').fill('Agreed — red is the answer; fixing the key.');
  await notes.locator('[data-testid$=".knowledge.send"]').click();
  await expect(notes.getByTestId('thread.reply')).toContainText('Agreed — red is the answer; fixing the key.');
  await shoot(ann, 'annotate-thread', 'draft.knowledge.notes');
  await ann.getByTestId('draft.knowledge.answer.A').click();
  await ann.getByTestId('draft.knowledge').getByTestId('draft.knowledge.text').fill('Which of these is a primary colour of light?');
  await expect(ann.getByTestId('annotate.saveState')).toHaveText(/^Saved/);
  await ann.getByTestId('annotate.submit').click();
  await expect(ann.getByTestId('annotate.notice')).toContainText('Submitted item 0 for review');

  // Cat sees what changed since round 1, and the thread under her comment.
  await cat.reload();
  const diff = cat.getByTestId('review.diff');
  await expect(diff.getByTestId('diff.knowledge').locator('del').first()).toHaveText('colour');
  await expect(diff.getByTestId('diff.knowledge').locator('ins').first()).toHaveText('of these');
  await expect(diff.getByTestId('diff.knowledge')).toContainText('Answer');
  await expect(diff.getByTestId('diff.perception')).toContainText('unchanged');
  await expect(cat.getByTestId('review.visible').getByTestId('thread.reply')).toContainText('Agreed — red is the answer');
  await shoot(cat, 'review-diff', 'review.diff');

  // The lead's dashboard shows Ann's active time (more than nothing: no assertion on how long).
  await lea.getByTestId('nav.team').click();
  await lea.getByTestId('team.tab.dashboard').click();
  const time = lea.getByTestId('dashboard.annotator.ann.time');
  await expect(time).toBeVisible();
  await expect(time.locator('td').nth(2)).not.toHaveText('0 s');
  await expect(time.locator('td').nth(4)).toHaveText('1');
  await shoot(lea, 'dashboard-time', 'dashboard.annotator.ann.time', () => lea.getByTestId('team.tab.dashboard').click());

  expect(contrast).toEqual([]);
  expect(await lea.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(pageErrors).toEqual([]);
});
