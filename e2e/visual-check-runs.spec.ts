import { expect, test } from './support/test';
import { api } from './support/api';
import { writeBenchTsv } from './support/files';
import { Studio } from './pages/studio';
import type { RunSummary } from '@shared/contract';
import { FakeOpenAI } from '../test/openai-server';

const shots = process.env.ANCHOR_SHOTS_DIR ?? 'e2e/screenshots';
// Picture 3's background is blue (option B): the text-only model "knows" that one question and no other.
const llm = new FakeOpenAI({ reply: (prompt) => (prompt.includes('picture 3?') ? 'B' : 'I would need to see the picture.') });
let llmUrl = '';

test.beforeAll(async () => {
  llmUrl = await llm.start();
});
test.afterAll(async () => {
  await llm.stop();
});

// Issue 36 item 1, "or uses runs that already exist": a run made earlier without the image is ticked in the check's
// dialog; its answers become the check's readings without asking the model again, and the flag reaches the browser.
test('counts a run made without the image in the visual-dependency check, and the browser filters its flag', async ({ page, request }) => {
  test.skip(test.info().project.name === 'electron', 'the set-up calls the studio server over HTTP');
  const name = `vruns${Date.now()}`;
  const { datasetId } = await api<{ datasetId: number }>(request, 'imports.run', { files: [writeBenchTsv(`${name}.tsv`)], dataset: name });
  await api(request, 'endpoints.save', { endpoint: { name: `${name}-llm`, baseUrl: llmUrl, model: 'text-llm' } });
  const { runId } = await api<{ runId: number }>(request, 'runs.start', { datasetId, model: `${name}-llm`, images: false });
  await expect.poll(async () => (await api<RunSummary>(request, 'runs.get', { id: runId })).status).toBe('done');
  const asked = llm.delivered();
  expect(llm.requests.every((r) => r.images === 0)).toBe(true);

  const studio = new Studio(page);
  await studio.open();
  await studio.selectDataset(name);
  await page.getByTestId('datasets.view.quality').click();
  await page.getByTestId('quality.blind').getByTestId('quality.blind.check').click();
  const dialog = page.getByRole('dialog', { name: 'Check visual dependency' });
  const run = dialog.getByTestId(`visualCheck.run.${runId}`);
  await expect(dialog.getByTestId('visualCheck.runs')).toContainText(`${name}-llm, without the image, VLMEvalKit MCQ`);
  await expect(dialog.getByTestId('visualCheck.start')).toBeDisabled();
  await run.check();
  await expect(dialog.getByTestId('visualCheck.flagLine')).toHaveText('A question is flagged when at least 1 of the 1 text-only model(s) answer it right without the image.');
  await expect(dialog.getByTestId('visualCheck.start')).toBeEnabled();
  await page.screenshot({ path: `${shots}/visual-check-runs-dialog.png` });

  await dialog.getByTestId('visualCheck.start').click();
  await expect(dialog.getByTestId(`visualCheck.fromRun.${runId}`)).toContainText(`12 reading(s) of ${name}-llm without the image taken (template VLMEvalKit MCQ)`);
  await page.screenshot({ path: `${shots}/visual-check-runs-started.png` });
  await dialog.getByTestId('visualCheck.done').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('quality.blind.summary')).toHaveText('1 of 12 checked question(s) (8.3%) answerable without the image.');
  expect(llm.delivered()).toBe(asked);

  // The dataset browser: the filter keeps only the question the run answered right without its image.
  await page.getByTestId('datasets.view.questions').click();
  const count = page.getByTestId('datasets.count');
  await expect(count).not.toHaveText('1 question');
  await page.getByTestId('filter.blind').check();
  await expect(count).toHaveText('1 question');
  await expect(page.getByTestId('datasets.screen')).toContainText('What colour is the background of picture 3?');
  await page.screenshot({ path: `${shots}/visual-check-runs-filter.png` });
});
