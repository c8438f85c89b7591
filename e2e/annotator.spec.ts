import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api';
import { freshItem as freshItemOf, teamServerForSpec } from './support/team-spec';

const team = teamServerForSpec();
const { pageErrors, signIn } = team;
const freshItem = (ann: Page) => freshItemOf(team.lead(), ann);

interface Drafted { text: string; options: string[] }
interface TripletView { itemId: number; version: number; draft: { perception: Drafted; knowledge: Drafted } }

const saved = /^Saved · v\d+$/;

test('nothing typed is lost: a reload at once brings every keystroke back, and a stopped server gets it when it returns', async ({ browser }) => {
  const ann = await signIn(browser, 'ann');
  const itemId = await freshItem(ann);
  await ann.getByTestId('nav.annotate').click();
  await ann.locator(`[data-testid="queue.item.${itemId}"]`).click();
  await expect(ann.getByTestId('annotate.screen')).toBeVisible();
  // The item is in the URL, so the reload lands on it rather than on the first of the queue.
  await expect(ann).toHaveURL(new RegExp(`#/annotate/${itemId}$`));
  const url = ann.url();

  // Typed without a pause (no debounce fires), then reloaded at once: the page asks to stay, the person leaves.
  const dialogs: string[] = [];
  ann.on('dialog', (d) => { dialogs.push(d.type()); void d.accept(); });
  await ann.getByTestId('draft.perception.text').click();
  await ann.keyboard.type('How many bars are taller than the red one?');
  await ann.keyboard.press('Tab');
  await ann.keyboard.type('two');
  await ann.keyboard.press('Enter');
  await ann.keyboard.type('three');
  await ann.keyboard.press('Enter');
  await ann.keyboard.type('four');
  await ann.reload();
  expect(dialogs).toContain('beforeunload');
  await expect(ann).toHaveURL(url);
  await expect(ann.getByTestId('draft.perception.text')).toHaveValue('How many bars are taller than the red one?');
  await expect(ann.getByTestId('draft.perception.option.0')).toHaveValue('two');
  await expect(ann.getByTestId('draft.perception.option.1')).toHaveValue('three');
  await expect(ann.getByTestId('draft.perception.option.2')).toHaveValue('four');
  await expect(ann.getByTestId('annotate.saveState')).toHaveText(saved);
  let stored = await api<TripletView>(ann.request, 'triplets.get', { itemId });
  expect(stored.draft.perception).toMatchObject({ text: 'How many bars are taller than the red one?', options: ['two', 'three', 'four'] });

  // The server stops while Ann types; the form says so, keeps the text, and saves it on its own once the server is back.
  await team.server().stop();
  await ann.getByTestId('draft.knowledge.text').fill('Which quantity does a bar chart compare?');
  await expect(ann.getByTestId('annotate.saveState')).toContainText('Server unreachable');
  await ann.screenshot({ path: 'e2e/screenshots/annotate-offline.png' });
  await team.server().restart();
  await expect(ann.getByTestId('annotate.saveState')).toHaveText(saved);
  stored = await api<TripletView>(ann.request, 'triplets.get', { itemId });
  expect(stored.draft.knowledge.text).toBe('Which quantity does a bar chart compare?');
  expect(pageErrors).toEqual([]);
});

test('typing in the annotation form changes only the text: no single-key shortcut fires from its fields or buttons', async ({ browser }) => {
  const ann = await signIn(browser, 'ann');
  await ann.goto(`./#/annotate/${await freshItem(ann)}`);
  await expect(ann.getByTestId('annotate.screen')).toBeVisible();
  const url = ann.url();
  const theme = await ann.locator('html').getAttribute('data-theme');
  // Every single key the registry knows on this screen and everywhere: i o t / ? g d a r c u p m s h j k 1–9.
  const sentence = 'Is 1/2 of 3456 more than 789, or might a quick sketch in gouache show it? (subtraction)';
  const letters = 'iot/?gdarcupmshjk123456789';
  const form = ann.getByTestId('draft.perception');
  await form.getByTestId('draft.perception.text').fill('');
  await form.getByTestId('draft.perception.text').click();
  const typedInto: string[] = [];
  for (let stop = 0; stop < 7; stop++) {
    const field = await ann.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { tag: el?.tagName ?? '', id: el?.dataset.testid ?? '' };
    });
    if (field.tag === 'INPUT' || field.tag === 'TEXTAREA') {
      await ann.getByTestId(field.id).fill('');
      await ann.keyboard.type(sentence);
      typedInto.push(field.id);
    } else {
      // A button of the form: its letters must do nothing at all.
      await ann.keyboard.type(letters);
    }
    await ann.keyboard.press('Tab');
  }
  expect(typedInto.slice(0, 3)).toEqual(['draft.perception.text', 'draft.perception.option.0', 'draft.perception.option.1']);
  for (const id of typedInto) await expect(ann.getByTestId(id)).toHaveValue(sentence);
  await expect(ann.locator('html')).toHaveAttribute('data-theme', theme ?? 'light');
  await expect(ann.locator('[role="dialog"]')).toHaveCount(0);
  await expect(ann.getByTestId('history.panel')).toHaveCount(0);
  await expect(ann).toHaveURL(url);
  await expect(form.locator('[aria-pressed="true"]')).toHaveCount(0);
  await expect(ann.getByTestId('annotate.saveState')).toHaveText(saved);
});

test('option editing: Enter moves on, Alt+O types into the new option, problems show only once a field is left', async ({ browser }) => {
  const ann = await signIn(browser, 'ann');
  await ann.goto(`./#/annotate/${await freshItem(ann)}`);
  const k = ann.getByTestId('draft.knowledge');
  await k.getByTestId('draft.knowledge.option.0').fill('');
  await k.getByTestId('draft.knowledge.option.1').fill('');
  await k.getByTestId('draft.knowledge.option.0').click();
  // Option B was left empty, so it is flagged; option A, being typed in, is not.
  await expect(k.getByTestId('draft.knowledge.option.1')).toHaveAttribute('aria-invalid', 'true');
  await ann.keyboard.type('25');
  await expect(k.getByTestId('draft.knowledge.option.0')).toHaveAttribute('aria-invalid', 'false');
  await ann.keyboard.press('Enter');
  await ann.keyboard.type('65');
  await expect(k.locator('.field-error')).toHaveCount(0);
  await ann.keyboard.press('Alt+O');
  await ann.keyboard.type('90');
  await expect(k.getByTestId('draft.knowledge.option.0')).toHaveValue('25');
  await expect(k.getByTestId('draft.knowledge.option.1')).toHaveValue('65');
  await expect(k.getByTestId('draft.knowledge.option.2')).toHaveValue('90');
  // Enter from the last, filled option makes one more; from an empty last option it moves on to the rationale.
  await ann.keyboard.press('Enter');
  await expect(k.getByTestId('draft.knowledge.option.3')).toBeFocused();
  await ann.keyboard.press('Enter');
  await expect(k.getByTestId('draft.knowledge.rationale')).toBeFocused();
  await expect(k.getByTestId('draft.knowledge.option.4')).toHaveCount(0);
  // The empty option is flagged once it was left; Backspace in it removes it.
  await expect(k.locator('.field-error')).toHaveCount(1);
  await k.getByTestId('draft.knowledge.option.3').click();
  await ann.keyboard.press('Backspace');
  await expect(k.getByTestId('draft.knowledge.option.3')).toHaveCount(0);
  await expect(k.getByTestId('draft.knowledge.option.2')).toBeFocused();
  await ann.keyboard.press('Alt+Enter');
  await expect(k.getByTestId('draft.knowledge.answer.C')).toHaveAttribute('aria-pressed', 'true');
  await expect(ann.getByTestId('annotate.saveState')).toHaveText(saved);
});

test('an annotator is offered no lead-only action; the lead is', async ({ browser }) => {
  const ann = await signIn(browser, 'ann');
  const lea = await signIn(browser, 'lea');
  for (const [page, lead] of [[ann, false], [lea, true]] as const) {
    await page.goto('./#/datasets');
    await expect(page.getByTestId('datasets.screen')).toBeVisible();
    await expect(page.getByTestId('nav.team')).toHaveCount(lead ? 1 : 0);
    await expect(page.getByTestId('datasets.import')).toHaveCount(lead ? 1 : 0);
    // On a team server nobody switches projects from the studio.
    await expect(page.getByTestId('project.switcher')).toHaveCount(0);
    await page.getByTestId('nav.runs').click();
    await expect(page.getByTestId('runs.empty').or(page.getByTestId('runs.screen'))).toBeVisible();
    await expect(page.getByTestId('runs.new')).toHaveCount(lead ? 1 : 0);
    await expect(page.getByTestId('runs.importPredictions')).toHaveCount(lead ? 1 : 0);
    await page.getByTestId('nav.settings').click();
    await expect(page.getByTestId('endpoints.card')).toBeVisible();
    await expect(page.getByTestId('endpoints.add')).toHaveCount(lead ? 1 : 0);
    if (!lead) await page.screenshot({ path: 'e2e/screenshots/annotator-settings.png' });
    // Their shortcuts do nothing either: `i` opens no Import dialog, `g t` goes nowhere.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('i');
    await expect(page.getByTestId('import.dialog')).toHaveCount(lead ? 1 : 0);
    if (lead) {
      // The lead uploads on a team server: no paths on the server's disk are offered.
      await expect(page.getByTestId('import.files')).toBeVisible();
      await expect(page.getByPlaceholder('/data/MMBench_DEV_EN.tsv')).toHaveCount(0);
      await page.screenshot({ path: 'e2e/screenshots/import-dialog-team.png' });
      await page.keyboard.press('Escape');
    }
    await page.keyboard.press('g');
    await page.keyboard.press('t');
    await expect(page.getByTestId('team.screen')).toHaveCount(lead ? 1 : 0);
  }
  expect(pageErrors).toEqual([]);
});
