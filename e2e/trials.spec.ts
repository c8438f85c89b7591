import type { RunSummary } from '@shared/contract';
import { expect, test } from './support/test';
import { api } from './support/api';
import { writeBenchTsv } from './support/files';
import { Studio } from './pages/studio';
import { FakeOpenAI } from '../test/openai-server';

const prefix = () => (test.info().project.name === 'electron' ? 'electron-' : '');

/**
 * A model that is not deterministic: asked a picture's question three times, it answers right, then wrong, then right
 * again for pictures 0–5 and wrong again for pictures 6–11. The majority is right for half the questions, and every
 * question's trials agree two to one, whatever order the trials arrive in.
 */
function unsteady(prompt: string, _body: unknown, attempt: number): string {
  const picture = Number(/picture (\d+)/.exec(prompt)?.[1] ?? 0);
  const gold = picture % 2 ? 'B' : 'A';
  const wrong = gold === 'A' ? 'B' : 'A';
  const right = attempt === 1 || (attempt === 3 && picture < 6);
  return `Answer: ${right ? gold : wrong}`;
}

const server = new FakeOpenAI({ reply: unsteady });
let baseUrl = '';
test.beforeAll(async () => {
  baseUrl = await server.start();
});
test.afterAll(async () => server.stop());

// Issue 35 item 3 in the studio: repeated trials are chosen in the New run dialog and the vote and its spread are shown.
test('runs each question three times from the New run dialog and shows the majority vote and how the trials agreed', async ({ page, request }) => {
  const name = `trials${prefix()}${Date.now()}`;
  await api(request, 'imports.run', { files: [writeBenchTsv(`${name}.tsv`)], dataset: name });
  await api(request, 'endpoints.save', { endpoint: { name: `${name}-vl`, baseUrl, model: 'unsteady-vl' } });

  const studio = new Studio(page);
  await studio.open('#/runs');
  const dialog = await studio.newRun(name, `${name}-vl`, 12);
  await dialog.getByTestId('runs.form.trials').fill('3');
  await expect(dialog.getByTestId('runs.plan')).toContainText('36requests');
  await page.screenshot({ path: `e2e/screenshots/${prefix()}runs-new-dialog-trials.png` });
  await dialog.getByTestId('runs.start').click();
  await expect(dialog).toHaveCount(0);
  const run = async () => (await api<RunSummary[]>(request, 'runs.list', {})).find((r) => r.endpoint === `${name}-vl`);
  await expect.poll(async () => (await run())?.status).toBe('done');
  expect((await run())!.trials).toBe(3);

  await studio.open(`#/reports/run/${(await run())!.id}`);
  const card = page.getByTestId('report.trials');
  await expect(card.getByTestId('report.trials.majority')).toHaveText('50.0%');
  await expect(card.getByTestId('report.trials.agreement')).toHaveText('66.7%');
  await expect(card).toContainText('0 unanimous · 0 ties · 12 voted');
  await card.getByTestId('report.trials.split').locator('summary').click();
  await expect(card.getByTestId('report.trials.split')).toContainText('12 questions the trials split on');
  await expect(card.getByTestId('report.trials.split').locator('tbody tr')).toHaveCount(12);
  await card.screenshot({ path: `e2e/screenshots/${prefix()}reports-trials.png` });
});
