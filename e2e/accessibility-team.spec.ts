import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { api } from './support/api';
import { axeProblems } from './support/axe';
import { freshItem, teamServerForSpec } from './support/team-spec';

/**
 * axe-core over the screens a team server adds (issue 34): the sign-in page, Annotate with a draft, Review of a
 * submitted triplet, and each tab of Team with people in it; light and dark in one test per screen, since a sign-in
 * costs seconds of scrypt.
 */
const team = teamServerForSpec();
/** Screenshots for people to look at, as accessibility.spec.ts takes them. */
const shots = process.env.ANCHOR_A11Y_SHOTS ?? 'e2e/screenshots/accessibility';
let toReview: number;
let toWrite: number;

test.beforeAll(async ({ browser }, info) => {
  if (info.project.name === 'electron') return;
  const ann = await team.signIn(browser, 'ann');
  toReview = await freshItem(team.lead(), ann);
  const { version } = await api<{ version: number }>(ann.request, 'triplets.get', { itemId: toReview });
  const question = (text: string, options: string[]) => ({ text, options, answer: 'A', rationale: '' });
  const draft = { perception: question('What colour is the background?', ['red', 'blue']), knowledge: question('Which is a primary colour of light?', ['red', 'brown']) };
  await api(ann.request, 'triplets.submit', { itemId: toReview, baseVersion: version, draft });
  toWrite = await freshItem(team.lead(), ann);
  await ann.context().close();
});

/** Scans the page in dark, then light, reopening the view after each reload (a Team tab is not in the address). */
async function scanBothThemes(page: Page, name: string, open: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => window.localStorage.setItem('anchor.theme', t), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await open();
    problems.push(...(await axeProblems(page, `${name} (${theme})`)));
    await expect(page.locator('h1')).toHaveCount(1);
    await page.screenshot({ path: `${shots}/team-${name.replace(/[^a-z0-9]+/gi, '-')}-${theme}.png` });
  }
  return problems;
}

test('axe finds nothing critical or serious on the sign-in page, light and dark', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: team.server().url });
  const page = await context.newPage();
  await page.goto('./#/datasets');
  const problems = await scanBothThemes(page, 'sign-in', () => expect(page.getByTestId('login.name')).toBeVisible());
  await context.close();
  expect(problems).toEqual([]);
});

test('axe finds nothing critical or serious on Annotate with a draft, light and dark', async ({ browser }) => {
  const ann = await team.signIn(browser, 'ann');
  await ann.goto(`./#/annotate/${toWrite}`);
  await ann.getByTestId('draft.perception.text').fill('What shape is marked?');
  await expect(ann.getByTestId('annotate.saveState')).toHaveText(/^Saved · v\d+$/);
  expect(await scanBothThemes(ann, 'annotate', () => expect(ann.getByTestId('draft.perception')).toBeVisible())).toEqual([]);
});

test('axe finds nothing critical or serious on Review of a submitted triplet, light and dark', async ({ browser }) => {
  const cat = await team.signIn(browser, 'cat');
  await cat.goto(`./#/review/${toReview}`);
  const open = async () => {
    await expect(cat.getByTestId('review.screen')).toBeVisible();
    await cat.getByTestId('review.knowledge.problem').click();
  };
  expect(await scanBothThemes(cat, 'review', open)).toEqual([]);
});

async function teamTab(browser: Browser, tab: string, ready: string): Promise<string[]> {
  const lea = await team.signIn(browser, 'lea');
  await lea.getByTestId('nav.team').click();
  const open = async () => {
    await lea.getByTestId(`team.tab.${tab}`).click();
    await expect(lea.getByTestId(ready).first()).toBeVisible();
  };
  return scanBothThemes(lea, `team ${tab}`, open);
}

for (const [tab, ready] of [['dashboard', 'dashboard.annotator.ann.time'], ['assign', 'assign.submit'], ['guidelines', 'guidelines.editor'], ['people', 'team.screen'], ['lint', 'team.screen']]) {
  test(`axe finds nothing critical or serious on Team → ${tab}, light and dark`, async ({ browser }) => {
    expect(await teamTab(browser, tab!, ready!)).toEqual([]);
  });
}

test('no page error on any team screen scanned', () => expect(team.pageErrors).toEqual([]));
