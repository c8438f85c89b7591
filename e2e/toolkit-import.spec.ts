import { expect, test } from './support/test';
import { Studio } from './pages/studio';

const prefix = () => (test.info().project.name === 'electron' ? 'electron-' : '');

test('imports lmms-eval samples by content, lists the row that matched nothing and shows the toolkit\'s verdicts beside ours', async ({ page }) => {
  const studio = new Studio(page);
  await studio.open('#/runs');
  await page.getByTestId('runs.importPredictions').click();
  const dialog = page.getByTestId('predictions.dialog');
  await studio.selectByText(dialog.getByTestId('predictions.dataset'), 'Demo triplets');
  await dialog.getByTestId('predictions.model').fill('llava-lmms');
  const sample = (docId: number, id: string, reply: string, exact: number) =>
    JSON.stringify({ doc_id: docId, doc: { id }, target: 'A', resps: [[reply]], filtered_resps: [reply], exact_match: exact });
  const samples = [sample(0, 'bar-01', 'A', 1), sample(1, 'bar-02', 'The answer is B', 1), sample(2, 'no-such-item', 'C', 0)].join('\n');
  await dialog.getByTestId('predictions.file').setInputFiles({ name: 'llava_samples.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(samples) });
  await expect(dialog.getByTestId('predictions.format')).toHaveValue('auto');
  await dialog.getByTestId('predictions.skipUnmatched').check();
  await dialog.getByTestId('predictions.start').click();
  await expect(dialog.getByTestId('predictions.done')).toContainText('Scored 2 predictions');
  await expect(dialog.getByTestId('predictions.unmatched')).toContainText('line 3: no origin question with id "no-such-item"');
  await expect(dialog.getByTestId('predictions.toolkit')).toContainText('lmms-eval\'s own verdicts agree with ours on');
  await page.screenshot({ path: `e2e/screenshots/${prefix()}runs-import-toolkit.png` });

  // The report shows VLMEvalKit's own figure for the same replies (its exact matching) beside the studio's.
  await dialog.getByTestId('predictions.report').click();
  const official = page.getByTestId('report.official.vlmevalkit');
  await expect(official.getByTestId('official.side-by-side')).toHaveText(/^official \d+\.\d\d% · studio \d+\.\d\d% on the same 2 questions$/);
  await expect(official.getByTestId('official.table')).toContainText('Overall');
  await official.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `e2e/screenshots/${prefix()}reports-official.png` });
});
