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
  const second = await finishedRun(request, datasetId, { seed: 2 });
  const circular = await finishedRun(request, datasetId, { seed: 3, circular: true });

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
  // Other specs' runs share the demo dataset, so the board may hold more settings than these three runs make.
  const board = await api<{ rows: LeaderboardRow[]; settings: { key: string }[] }>(request, 'reports.leaderboard', { datasetId });
  const keyOf = (id: number) => board.rows.find((r) => r.runId === id)!.setting.key;
  // The two single-pass runs are ranked together; the CircularEval run is in a setting of its own.
  expect(keyOf(second)).toBe(keyOf(single));
  expect(keyOf(circular)).not.toBe(keyOf(single));
  const settings = page.getByTestId('leaderboard.setting');
  await expect(settings).toHaveCount(board.settings.length);
  await expect(settings.first()).toHaveAttribute('aria-pressed', 'true');
  const table = page.getByTestId('leaderboard.table');
  await page.screenshot({ path: 'e2e/screenshots/reports-leaderboard-settings.png' });
  await settings.filter({ hasText: 'CircularEval' }).first().click();
  await expect(table.getByTestId('leaderboard.row-setting').first()).toContainText('CircularEval');
  const shown = await table.getByTestId('leaderboard.row-setting').allTextContents();
  // One setting at a time: every row shown was asked under CircularEval.
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.every((t) => t.includes('CircularEval'))).toBe(true);
});
