import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { Studio } from './pages/studio';
import { serve } from './support/team-server';

// The README's "first ten minutes", step by step, on a demo project nobody has touched (its own `anchor serve` on a
// new data folder, so no other spec's datasets show). `ANCHOR_README_SHOTS=1` writes the README's pictures.
const shot = (name: string) => (process.env.ANCHOR_README_SHOTS ? `docs/images/${name}.png` : `e2e/screenshots/${name}.png`);
let server: { url: string; stop: () => Promise<void> } | undefined;

test.beforeAll(async ({}, info) => {
  if (info.project.name === 'electron') return;
  server = await serve([], { ...process.env, ANCHOR_DATA_DIR: mkdtempSync(join(tmpdir(), 'anchor-e2e-first-')) });
});
test.afterAll(async () => server?.stop());

async function addPerson(page: Page, name: string, roles: string[]): Promise<void> {
  await page.getByTestId('people.name').fill(name);
  for (const role of roles) await page.getByTestId(`people.role.${role}`).check();
  await page.getByTestId('people.add').click();
  await expect(page.getByTestId(`people.${name}`)).toBeVisible();
}

test('first ten minutes: open the demo, annotate a triplet, run the random baseline, read its report', async ({ page }, info) => {
  test.skip(info.project.name === 'electron', 'the walk-through starts its own `anchor serve` on a fresh demo project');
  const studio = new Studio(page);
  await page.goto(`${server!.url}#/datasets`);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();

  // 1. The demo project: 36 triplets over charts, geometry and shape scenes.
  await expect(page.getByTestId('datasets.count')).toContainText('108');
  await page.getByTestId('datasets.row').first().click();
  await page.screenshot({ path: shot('first-1-demo') });

  // 2. People and one triplet: you (lead and annotator) and two checkers; one item assigned to you; annotate it.
  await studio.go('team');
  await page.getByTestId('team.tab.people').click();
  await addPerson(page, 'you', ['lead', 'annotator']);
  await addPerson(page, 'bo', ['checker']);
  await addPerson(page, 'cy', ['checker']);
  await page.getByTestId('profile.button').click();
  await page.getByTestId('profile.switch.you').click();
  await expect(page.getByTestId('profile.name')).toHaveText('you');
  await page.getByTestId('team.tab.assign').click();
  await page.getByTestId('assign.annotator.you').check();
  await page.getByTestId('assign.checker.bo').check();
  await page.getByTestId('assign.checker.cy').check();
  await page.getByTestId('assign.count').fill('1');
  await page.getByTestId('assign.submit').click();
  await expect(page.getByTestId('assign.result')).toHaveText('Assigned 1 item: you 1 item.');
  await studio.go('annotate');
  const perception = page.getByTestId('draft.perception.text');
  await expect(perception).not.toHaveValue('');
  await perception.fill(`${await perception.inputValue()} Look at the picture.`);
  await expect(page.getByTestId('annotate.saveState')).toHaveText(/^Saved · v\d+$/);
  await page.screenshot({ path: shot('first-2-annotate') });
  await page.getByTestId('annotate.submit').click();
  await expect(page.getByTestId('annotate.notice')).toBeVisible();

  // 3. The random baseline over the demo triplets (seeded, no model needed).
  await studio.go('runs');
  const dialog = await studio.newRun('Demo triplets', 'random-guess', 108);
  await dialog.getByTestId('runs.start').click();
  await expect(page.getByTestId('runs.status')).toHaveText('Finished', { timeout: 300_000 });
  await page.screenshot({ path: shot('first-3-run') });

  // 4. Its report: accuracy with intervals, the MMEvalPro metrics and their heatmap.
  await studio.go('reports');
  const report = page.getByTestId('report.run');
  await expect(report.getByTestId('report.accuracy')).toHaveText(/^\d+\.\d%$/);
  await expect(report.getByTestId('mmevalpro.table')).toContainText('Micro average');
  await page.screenshot({ path: shot('first-4-report') });
});
