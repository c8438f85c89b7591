import { expect, test } from './support/test';
import { api } from './support/api';
import { writeBenchTsv } from './support/files';
import { Studio } from './pages/studio';
import { BLIND_NOT_CHECKED } from '@shared/reports/quality';
import { FakeOpenAI } from '../test/openai-server';

const shots = process.env.ANCHOR_SHOTS_DIR ?? 'e2e/screenshots';
// Picture 3's background is blue (option B): the text-only model "knows" that one question and no other.
const llm = new FakeOpenAI({ reply: (prompt) => (prompt.includes('picture 3?') ? 'B' : 'I would need to see the picture.') });
const vlm = new FakeOpenAI({ reply: () => 'A' });
const urls: string[] = [];

test.beforeAll(async () => {
  urls.push(await llm.start(), await vlm.start());
});
test.afterAll(async () => {
  await Promise.all([llm.stop(), vlm.stop()]);
});

// Issue 36 item 1 from the studio: the quality page's blind card starts the visual-dependency check through a dialog,
// shows the check's progress while it runs, then the count of questions answerable without the image.
test('starts the visual-dependency check from the quality page and fills the blind card', async ({ page, request }) => {
  test.skip(test.info().project.name === 'electron', 'the set-up calls the studio server over HTTP');
  const name = `visual${Date.now()}`;
  await api(request, 'imports.run', { files: [writeBenchTsv(`${name}.tsv`)], dataset: name });
  await api(request, 'endpoints.save', { endpoint: { name: `${name}-llm`, baseUrl: urls[0], model: 'text-llm', kind: 'text' } });
  await api(request, 'endpoints.save', { endpoint: { name: `${name}-vlm`, baseUrl: urls[1], model: 'vl-7b' } });

  // An event the studio cannot read is logged, not thrown: the check's end was one (its job stayed "running" here).
  const unreadable: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' && m.text().includes('invalid_output')) unreadable.push(m.text()); });
  const studio = new Studio(page);
  await studio.open();
  await studio.selectDataset(name);
  await page.getByTestId('datasets.view.quality').click();
  const card = page.getByTestId('quality.blind');
  await expect(card).toContainText(BLIND_NOT_CHECKED);

  await card.getByTestId('quality.blind.check').click();
  const dialog = page.getByRole('dialog', { name: 'Check visual dependency' });
  await expect(dialog.getByTestId(`visualCheck.text.${name}-llm`)).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  // A dataset never checked: nothing picked, so nothing can start; a text-only endpoint is not offered as a vision one.
  await expect(dialog.getByTestId('visualCheck.start')).toBeDisabled();
  await expect(dialog.getByTestId(`visualCheck.vision.${name}-llm`)).toHaveCount(0);
  await expect(dialog.getByTestId('visualCheck.threshold')).toHaveValue('0.25');
  // Every checkbox is read by its label (the endpoint's name and model).
  for (const box of await dialog.getByRole('checkbox').all()) expect(await box.evaluate((el) => (el instanceof HTMLInputElement ? el.labels?.length : 0))).toBe(1);
  await dialog.getByLabel(`${name}-llm`).first().check();
  await dialog.getByTestId(`visualCheck.vision.${name}-vlm`).check();
  await expect(dialog.getByTestId('visualCheck.flagLine')).toHaveText('A question is flagged when at least 1 of the 1 text-only model(s) answer it right without the image.');
  await expect(dialog.getByTestId('visualCheck.start')).toBeEnabled();
  await page.screenshot({ path: `${shots}/visual-check-dialog.png` });

  // The text-only model's replies are held, so the card first shows the check under way, then follows it to its end.
  llm.hold();
  await dialog.getByTestId('visualCheck.start').click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId('quality.blind.progress')).toContainText(`Visual-dependency check of ${name}`);
  await expect(card.getByTestId('quality.blind.check')).toBeDisabled();
  // No text-only reading yet (the model's replies are held): the card still says nothing is checked.
  await expect(card).toContainText(BLIND_NOT_CHECKED);
  await page.screenshot({ path: `${shots}/visual-check-running.png` });
  llm.release();

  await expect(card.getByTestId('quality.blind.summary')).toHaveText('1 of 12 checked question(s) (8.3%) answerable without the image.');
  await expect(card.getByTestId('quality.blind.progress')).toHaveCount(0);
  expect(llm.requests.every((r) => r.images === 0)).toBe(true);
  expect(vlm.requests.some((r) => r.images > 0)).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/visual-check-card.png` });

  // "Check again" opens the dialog with the panel just used.
  await expect(card.getByTestId('quality.blind.check')).toHaveText('Check again…');
  await card.getByTestId('quality.blind.check').click();
  await expect(dialog.getByTestId(`visualCheck.text.${name}-llm`)).toBeChecked();
  await expect(dialog.getByTestId(`visualCheck.vision.${name}-vlm`)).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(unreadable).toEqual([]);
});
