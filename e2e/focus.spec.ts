import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api';
import { freshItem as freshItemOf, teamServerForSpec } from './support/team-spec';

/**
 * Where the caret goes: after Alt+O, Enter, removing an option, submitting, `x` on Review and closing a dialog, the
 * focus lands in a defined field at once, so text typed at a person's pace or at a machine's lands where it was meant.
 */
const team = teamServerForSpec();
const { pageErrors, signIn } = team;
const freshItem = (ann: Page) => freshItemOf(team.lead(), ann);

/** The test id of the focused element ('' for none, e.g. the page body). */
const focusedId = (page: Page) => page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.dataset.testid ?? '' : ''));

for (const [speed, delay] of [['a person\'s', 70], ['a machine\'s', 0]] as const) {
  test(`at ${speed} pace: Alt+O types into the new option, and the next click into the knowledge question types there`, async ({ browser }) => {
    const ann = await signIn(browser, 'ann');
    await ann.goto(`./#/annotate/${await freshItem(ann)}`);
    const p = ann.getByTestId('draft.perception');
    const k = ann.getByTestId('draft.knowledge');
    await k.getByTestId('draft.knowledge.option.0').fill('25');
    await k.getByTestId('draft.knowledge.option.1').fill('65');
    await p.getByTestId('draft.perception.option.0').fill('red');
    await p.getByTestId('draft.perception.option.1').fill('blue');
    await p.getByTestId('draft.perception.option.1').click();
    // No wait between the shortcut and the typing: the new option must hold the caret when Alt+O returns.
    await ann.keyboard.press('Alt+O');
    if (delay === 0) expect(await focusedId(ann)).toBe('draft.perception.option.2');
    await ann.keyboard.type('green', { delay });
    await expect(p.getByTestId('draft.perception.option.2')).toHaveValue('green');
    await expect(p.getByTestId('draft.perception.option.1')).toHaveValue('blue');

    await k.getByTestId('draft.knowledge.text').click();
    expect(await focusedId(ann)).toBe('draft.knowledge.text');
    await ann.keyboard.type('Which law explains it?', { delay });
    await expect(k.getByTestId('draft.knowledge.text')).toHaveValue('Which law explains it?');
    await expect(k.locator('[data-testid^="draft.knowledge.option."]')).toHaveCount(2);
    await expect(k.getByTestId('draft.knowledge.option.1')).toHaveValue('65');
    // Enter in the new option makes one more and moves there at once, too.
    await p.getByTestId('draft.perception.option.2').click();
    await ann.keyboard.press('Enter');
    await ann.keyboard.type('white', { delay });
    await expect(p.getByTestId('draft.perception.option.3')).toHaveValue('white');
    // Removing an option by its button leaves the caret in its neighbour, not on the page.
    await p.getByRole('button', { name: 'Remove option D' }).click();
    await expect(p.getByTestId('draft.perception.option.3')).toHaveCount(0);
    expect(await focusedId(ann)).toBe('draft.perception.option.2');
    await ann.screenshot({ path: '/tmp/ux-shots/annotate-focus.png' });
    expect(pageErrors).toEqual([]);
  });
}

/** Presses Tab until the field is focused (a person tabbing through the form), failing after a form's worth of stops. */
async function tabTo(page: Page, testId: string): Promise<void> {
  for (let stop = 0; stop < 40; stop++) {
    if ((await focusedId(page)) === testId) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${testId}`);
}

/** Tabs to a question, types it and its options (Enter between them), and marks the last option correct (Alt+Enter). */
async function writeByKeys(page: Page, role: 'perception' | 'knowledge', text: string, options: string[]): Promise<void> {
  await tabTo(page, `draft.${role}.text`);
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
  for (const [i, option] of options.entries()) {
    if (i > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(option);
  }
  await page.keyboard.press('Alt+Enter');
}

test('the loop by keyboard alone: write both questions, submit, land in the next item; a checker passes, flags and says why', async ({ browser }) => {
  const ann = await signIn(browser, 'ann');
  const first = await freshItem(ann);
  await freshItem(ann);
  await ann.goto(`./#/annotate/${first}`);
  await expect(ann.getByTestId('annotate.screen')).toBeVisible();
  await writeByKeys(ann, 'perception', 'What colour is the background?', ['red', 'blue']);
  await writeByKeys(ann, 'knowledge', 'Which colour is a primary colour of light?', ['red', 'brown']);
  await ann.keyboard.press('Control+Enter');
  await expect(ann.getByTestId('annotate.notice')).toContainText('Submitted item');
  // On to the next item, with the caret already in its first question.
  await expect(ann).not.toHaveURL(new RegExp(`#/annotate/${first}$`));
  await expect.poll(() => focusedId(ann)).toBe('draft.perception.text');
  await ann.screenshot({ path: '/tmp/ux-shots/annotate-after-submit.png' });

  const cat = await signIn(browser, 'cat');
  await cat.goto(`./#/review/${first}`);
  await expect(cat.getByTestId('review.perception')).toContainText('What colour is the background?');
  await cat.keyboard.press('p');
  // `x` flags the active question (knowledge, after the pass) and puts the caret on the reason it asks for.
  await cat.keyboard.press('x');
  expect(await focusedId(cat)).toBe('review.knowledge.reason');
  await cat.keyboard.press('ArrowDown');
  await expect(cat.getByTestId('review.knowledge.reason')).not.toHaveValue('');
  await cat.keyboard.press('Tab');
  await cat.keyboard.type('Brown is not a primary colour of light.');
  await cat.screenshot({ path: '/tmp/ux-shots/review-reason-focus.png' });
  await cat.keyboard.press('Control+Enter');
  await expect(cat.getByTestId('review.notice')).toContainText('Verdict on item');
  interface Seen { reviews: { checker: string; verdicts: Record<'perception' | 'knowledge', { verdict: string; reason: string | null; comment: string }> }[] }
  const seen = await api<Seen>(cat.request, 'triplets.get', { itemId: first });
  expect(seen.reviews.find((r) => r.checker === 'cat')!.verdicts).toMatchObject({
    perception: { verdict: 'pass' }, knowledge: { verdict: 'problematic', reason: expect.any(String), comment: 'Brown is not a primary colour of light.' },
  });
  expect(pageErrors).toEqual([]);
});
