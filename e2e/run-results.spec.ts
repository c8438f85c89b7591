import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import type { DatasetSummary, LeaderboardRow, RunSummary } from '@shared/contract';
import { expect, test } from './support/test';
import { api } from './support/api';
import { Studio } from './pages/studio';

/** A finished random-guess run of the demo dataset: no model server needed, and its answers are seeded. */
async function finishedRun(request: APIRequestContext, datasetId: number, input: Record<string, unknown>): Promise<number> {
  const { runId } = await api<{ runId: number }>(request, 'runs.start', { datasetId, model: 'random-guess', limit: 6, ...input });
  await expect.poll(async () => (await api<RunSummary>(request, 'runs.get', { id: runId })).status).toBe('done');
  return runId;
}

// Issue 34 majors 5 and 7: a run's results leave the studio from its page, and the leaderboard ranks like with like.
test('downloads a run\'s results from its page and shows the leaderboard one comparable setting at a time', async ({ page, request }) => {
  test.skip(test.info().project.name === 'electron', 'run results are downloads of the browser studio; the desktop uses anchor runs export');
  const datasets = await api<DatasetSummary[]>(request, 'datasets.list', {});
  const datasetId = datasets.find((d) => d.name.startsWith('Demo'))!.id;
  const single = await finishedRun(request, datasetId, { seed: 1 });
  await finishedRun(request, datasetId, { seed: 2 });
  await finishedRun(request, datasetId, { seed: 3, circular: true });

  const studio = new Studio(page);
  await studio.open(`#/runs/${single}`);
  await page.getByTestId('runs.export.format').selectOption('jsonl');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('runs.export').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`run-${single}-results.jsonl`);
  const rows = readFileSync((await file.path())!, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { run: number; outcome: string; template_hash: string });
  expect(rows).toHaveLength(6);
  expect(rows.every((r) => r.run === single && ['correct', 'wrong'].includes(r.outcome) && r.template_hash.length > 0)).toBe(true);
  await expect(page.getByTestId('runs.export.status')).toHaveText(`Downloaded run-${single}-results.jsonl`);
  await page.getByTestId('runs.header').screenshot({ path: 'e2e/screenshots/runs-export.png' });

  await studio.open('#/reports/leaderboard');
  const settings = page.getByTestId('leaderboard.setting');
  await expect(settings).toHaveCount(2);
  // The two single-pass runs are ranked together, first; the CircularEval run is in a setting of its own.
  await expect(settings.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(settings.first()).toContainText('single pass');
  const table = page.getByTestId('leaderboard.table');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.getByTestId('leaderboard.row-setting').first()).toContainText('6 questions · single pass · images');
  await page.screenshot({ path: 'e2e/screenshots/reports-leaderboard-settings.png' });
  await settings.nth(1).click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.getByTestId('leaderboard.row-setting')).toContainText('CircularEval');
  const board = await api<{ rows: LeaderboardRow[] }>(request, 'reports.leaderboard', { datasetId });
  expect(new Set(board.rows.map((r) => r.setting.key)).size).toBe(2);
});
