import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunSummary } from '@shared/contract';
import { expect, test } from './support/test';
import { api } from './support/api';
import { Studio } from './pages/studio';
import { graderReply, modelReply, writeMmVetFolder } from '../test/mmvet-fixtures';
import { FakeOpenAI } from '../test/openai-server';

const prefix = () => (test.info().project.name === 'electron' ? 'electron-' : '');
const model = new FakeOpenAI({ reply: modelReply });
const grader = new FakeOpenAI({ reply: graderReply });
const urls: string[] = [];

test.beforeAll(async () => {
  urls.push(await model.start(), await grader.start());
});
test.afterAll(async () => {
  await Promise.all([model.stop(), grader.stop()]);
});

// Issue 35 item 1 in the studio: an MM-Vet run is graded from its report, read per capability, and a grade set by hand.
test('grades an MM-Vet run from its report, shows capability and integration scores, and takes a person\'s grade', async ({ page, request }) => {
  const dataset = `mmvet-${prefix()}${Date.now()}`;
  const imported = await api<{ datasetId: number }>(request, 'imports.run', { files: [writeMmVetFolder(mkdtempSync(join(tmpdir(), 'anchor-e2e-mmvet-')))], dataset });
  await api(request, 'endpoints.save', { endpoint: { name: `${dataset}-model`, baseUrl: urls[0], model: 'vl-7b' } });
  await api(request, 'endpoints.save', { endpoint: { name: `${dataset}-grader`, baseUrl: urls[1], model: 'gpt-grader' } });
  const { runId } = await api<{ runId: number }>(request, 'runs.start', { datasetId: imported.datasetId, model: `${dataset}-model` });
  await expect.poll(async () => (await api<RunSummary>(request, 'runs.get', { id: runId })).status).toBe('done');

  const studio = new Studio(page);
  await studio.open(`#/reports/run/${runId}`);
  const panel = page.getByTestId('report.grading');
  await expect(panel.getByTestId('grading.empty')).toBeVisible();
  await panel.getByTestId('grading.grader').selectOption(`${dataset}-grader`);
  await panel.getByTestId('grading.repeats').fill('2');
  // The grader's replies are held, so the panel first shows a grading under way and must then follow it to its end.
  grader.hold();
  await panel.getByTestId('grading.start').click();
  await expect(panel.getByRole('status')).toContainText('Grading…');
  await expect.poll(() => grader.requests.length).toBeGreaterThan(0);
  grader.release();

  // The grader's grades, as the backend test computes by hand: 62.5 and 61.25 over the two gradings.
  await expect(panel.getByTestId('grading.total')).toHaveText('61.9 ± 0.6');
  await expect(panel.getByTestId('grading.counts')).toContainText('9 questions · 2 grades not given (on 1 question, left out, never 0) · 0 overridden');
  await expect(panel.getByTestId('grading.capabilities').locator('tbody tr')).toHaveCount(6);
  await expect(panel.getByTestId('grading.capabilities').locator('tr', { hasText: 'math' })).toContainText('25.0 ± 0.0');
  await expect(panel.getByTestId('grading.integrations').locator('tr', { hasText: 'ocr_math' })).toContainText('25.0');
  await page.screenshot({ path: `e2e/screenshots/${prefix()}reports-grading.png`, fullPage: true });

  // A person grades the caption the grader never scored: it now counts, and the report says one grade is by hand.
  await panel.getByTestId('grading.list').locator('summary').click();
  const caption = panel.getByTestId('grading.row').filter({ hasText: 'GARBLE' });
  await expect(caption).toContainText('no grade · no grade');
  await caption.getByTestId('grading.override.score').fill('0.5');
  await caption.getByTestId('grading.override.note').fill('half right');
  await caption.getByTestId('grading.override.save').click();
  await expect(caption.getByTestId('grading.row.override')).toHaveText('by hand: 0.5 (half right)');
  await expect(panel.getByTestId('grading.counts')).toContainText('1 overridden by a person');
  await expect(panel.getByTestId('grading.capabilities').locator('tr', { hasText: 'gen' })).toContainText('50.0');
  await page.screenshot({ path: `e2e/screenshots/${prefix()}reports-grading-override.png`, fullPage: true });

  const downloading = page.waitForEvent('download');
  await panel.getByTestId('grading.grades.export').getByRole('button', { name: 'CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^grading-\d+-grades\.csv$/);
});
