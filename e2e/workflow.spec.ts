import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { assignOneItemToAnn, writeKnowledgeWithWrongKey, startTeamServer, type TeamServer } from './support/team-server';

let server: TeamServer;
/** Uncaught errors in any of the three pages; a crash unmounts the studio, so the loop must end with none. */
const pageErrors: string[] = [];

test.beforeAll(async ({}, info) => {
  // Three people on one team server need three browser sessions; the desktop app has one local user at a time.
  if (info.project.name === 'electron') return;
  server = await startTeamServer();
});
test.afterAll(async () => server?.stop());

async function signIn(browser: Browser, name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(`${name}: ${e.message}`));
  await page.goto('./#/datasets');
  await expect(page.getByTestId('login.screen')).toBeVisible();
  await page.getByTestId('login.name').fill(name);
  await page.getByTestId('login.password').fill('wrong-password');
  await page.getByTestId('login.submit').click();
  await expect(page.getByTestId('login.error')).toHaveText('wrong name or password');
  if (name === 'lea') await page.screenshot({ path: 'e2e/screenshots/login.png' });
  await page.getByTestId('login.password').fill(`${name}-password`);
  await page.getByTestId('login.submit').click();
  // scrypt takes seconds on a busy machine: wait for the login, do not time it.
  await expect(page.getByTestId('profile.name')).toBeVisible();
  return page;
}

async function verdict(page: Page, role: 'perception' | 'knowledge', problem?: { reason: string; comment: string }) {
  const form = page.getByTestId(`review.${role}`);
  if (!problem) return form.getByTestId(`review.${role}.pass`).click();
  await form.getByTestId(`review.${role}.problem`).click();
  await form.getByTestId(`review.${role}.reason`).selectOption(problem.reason);
  await form.getByTestId(`review.${role}.comment`).fill(problem.comment);
}

test('three people on one team server: annotate, flag, fix, accept, export', async ({ browser }, info) => {
  test.skip(info.project.name === 'electron', 'a team server is a browser feature; the desktop app runs one local profile at a time');
  const lea = await signIn(browser, 'lea');
  const ann = await signIn(browser, 'ann');
  const cat = await signIn(browser, 'cat');

  // The lead assigns the first item to Ann, checked by Lea and Cat.
  await assignOneItemToAnn(lea);
  await lea.screenshot({ path: 'e2e/screenshots/team-assign.png' });

  // Ann writes both questions with the keyboard where it is quicker, autosave keeping each step.
  await ann.getByTestId('nav.annotate').click();
  await expect(ann.getByTestId('annotate.screen')).toBeVisible();
  const p = ann.getByTestId('draft.perception');
  await p.getByTestId('draft.perception.text').fill('What colour is the background?');
  await p.getByTestId('draft.perception.option.0').fill('red');
  await p.getByTestId('draft.perception.option.1').fill('blue');
  await p.getByTestId('draft.perception.option.1').press('Enter');
  await p.getByTestId('draft.perception.option.2').fill('green');
  await ann.locator('body').click({ position: { x: 700, y: 20 } });
  await ann.keyboard.press('1');
  await expect(p.getByTestId('draft.perception.answer.A')).toHaveAttribute('aria-pressed', 'true');
  await writeKnowledgeWithWrongKey(ann);
  await ann.screenshot({ path: 'e2e/screenshots/annotate.png' });

  // The same person in a second tab saves first: the first tab's save is refused, shown beside theirs, and kept.
  const tab2 = await signIn(browser, 'ann');
  await tab2.getByTestId('nav.annotate').click();
  await tab2.getByTestId('draft.perception.rationale').fill('the background fills the frame');
  await expect(tab2.getByTestId('annotate.saveState')).toHaveText(/^Saved · v\d+$/);
  await p.getByTestId('draft.perception.rationale').fill('red is what you see first');
  await expect(ann.getByTestId('annotate.conflict')).toContainText('Your text is kept as revision');
  await expect(ann.getByTestId('annotate.conflict')).toContainText('the background fills the frame');
  await ann.screenshot({ path: 'e2e/screenshots/annotate-conflict.png' });
  await ann.getByTestId('conflict.mine').click();
  await expect(ann.getByTestId('annotate.saveState')).toHaveText(/^Saved · v\d+$/);
  await ann.getByTestId('annotate.history').click();
  await expect(ann.getByTestId('history.conflict')).toBeVisible();
  await ann.screenshot({ path: 'e2e/screenshots/annotate-history.png' });
  await ann.getByTestId('annotate.history').click();
  await tab2.context().close();
  await ann.keyboard.press('Control+Enter');
  await expect(ann.getByTestId('annotate.notice')).toContainText('Submitted item 0 for review');

  // Cat flags the knowledge answer; Lea, checking independently, cannot see that yet.
  await cat.getByTestId('nav.review').click();
  await expect(cat.getByTestId('review.screen')).toBeVisible();
  await verdict(cat, 'perception');
  await verdict(cat, 'knowledge', { reason: 'wrong_answer', comment: 'Red is the primary colour here, not brown.' });
  await cat.screenshot({ path: 'e2e/screenshots/review.png' });
  await cat.getByTestId('review.submit').click();
  await expect(cat.getByTestId('review.notice')).toContainText('now in review');

  await lea.getByTestId('nav.review').click();
  await expect(lea.getByTestId('review.screen')).toBeVisible();
  await expect(lea.getByTestId('review.hidden')).toBeVisible();
  await expect(lea.getByTestId('review.visible')).toHaveCount(0);
  await verdict(lea, 'perception');
  await verdict(lea, 'knowledge');
  await lea.getByTestId('review.submit').click();
  await expect(lea.getByTestId('review.notice')).toContainText('now returned');

  // Ann sees the comment inline, fixes the answer and resubmits to the same checkers.
  await ann.reload();
  await expect(ann.getByTestId('draft.knowledge.notes')).toContainText('Red is the primary colour here, not brown.');
  await expect(ann.getByTestId('triplet.status').first()).toHaveText('Returned');
  await ann.screenshot({ path: 'e2e/screenshots/annotate-returned.png' });
  await ann.getByTestId('draft.knowledge.answer.A').click();
  await expect(ann.getByTestId('annotate.saveState')).toHaveText(/^Saved/);
  await ann.getByTestId('annotate.submit').click();
  await expect(ann.getByTestId('annotate.notice')).toContainText('Submitted item 0 for review');

  for (const checker of [cat, lea]) {
    await checker.reload();
    await expect(checker.getByTestId('review.screen')).toBeVisible();
    await verdict(checker, 'perception');
    await verdict(checker, 'knowledge');
    await checker.keyboard.press('Control+Enter');
  }
  await expect(lea.getByTestId('review.notice')).toContainText('now accepted');

  // The lead's dashboard counts it, with the checkers' agreement over both rounds.
  await lea.getByTestId('nav.team').click();
  await lea.getByTestId('team.tab.dashboard').click();
  await expect(lea.getByTestId('dashboard.status.accepted')).toContainText('1');
  await expect(lea.getByTestId('dashboard.agreement')).toContainText('75.0%');
  await lea.screenshot({ path: 'e2e/screenshots/team-dashboard.png' });
  await lea.getByTestId('team.tab.people').click();
  await expect(lea.getByTestId('people.ann')).toContainText('Ann Annotator');
  await lea.screenshot({ path: 'e2e/screenshots/team-people.png' });

  const out = join(server.dir, 'accepted.json');
  const exported = server.anchor('export', '--project', server.project, '--dataset', 'originals', '--format', 'mmevalpro', '--accepted-only', '--out', out);
  expect(exported.code, exported.stderr).toBe(0);
  const rows = JSON.parse(readFileSync(out, 'utf8')) as { triplet_id: number; eval_type: string; question: string; choices: string[]; answer: string }[];
  expect(rows.map((r) => [r.triplet_id, r.eval_type])).toEqual([[0, 'Origin'], [0, 'Perception'], [0, 'Knowledge']]);
  expect(rows[2]).toMatchObject({ question: 'Which colour is a primary colour of light?', choices: ['red', 'brown'], answer: 'A' });

  // A lead can still send accepted work back, with a reason that is logged.
  await lea.getByTestId('nav.review').click();
  await lea.getByTestId('queue.all').click();
  await lea.locator('[data-testid^="queue.item."]').first().click();
  await lea.getByTestId('override.open').click();
  await lea.getByTestId('override.to').selectOption('returned');
  await lea.getByTestId('override.reason').fill('the image is licensed for research only; rewrite without the logo');
  await lea.getByTestId('override.apply').click();
  await expect(lea.getByTestId('triplet.status').last()).toHaveText('Returned');
  const history = server.anchor('export', '--project', server.project, '--dataset', 'originals', '--format', 'mmevalpro', '--out', join(server.dir, 'all.json'),
    '--review-history', join(server.dir, 'history.json'));
  expect(history.code, history.stderr).toBe(0);
  const triplet = (JSON.parse(readFileSync(join(server.dir, 'history.json'), 'utf8')) as { status: string; overrides: { reason: string }[]; reviews: unknown[] }[])[0]!;
  expect(triplet).toMatchObject({ status: 'returned', overrides: [{ reason: 'the image is licensed for research only; rewrite without the logo' }] });
  expect(triplet.reviews).toHaveLength(4);
  expect(pageErrors).toEqual([]);
});
