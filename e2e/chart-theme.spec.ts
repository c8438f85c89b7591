import { expect, test } from './support/test';
import { api } from './support/api';
import { Studio } from './pages/studio';

/**
 * With "System" chosen the studio follows the OS theme while it runs: charts, whose colours are read from the theme's
 * CSS variables when drawn, re-draw in the new theme too (they once kept the old one until the next reload).
 */
const shots = process.env.ANCHOR_MINORS_SHOTS ?? 'e2e/screenshots/minors';

test.beforeEach(({}, info) => test.skip(info.project.name === 'electron', 'the OS theme is emulated in the browser; the run is seeded over HTTP'));

test('a report\'s heatmap follows the OS from light to dark and back while the studio follows the system theme', async ({ page, request }) => {
  const demo = (await api<{ id: number; name: string }[]>(request, 'datasets.list', {})).find((d) => d.name === 'Demo triplets')!.id;
  const { runId } = await api<{ runId: number }>(request, 'runs.start', { datasetId: demo, model: 'random-guess', limit: 60, seed: 11 });
  await expect.poll(async () => (await api<{ status: string }>(request, 'runs.get', { id: runId })).status, { timeout: 300_000 }).toBe('done');

  await page.emulateMedia({ colorScheme: 'light' });
  const studio = new Studio(page);
  await studio.open('#/reports');
  // The studio follows the system: nothing chosen on this machine.
  await page.evaluate(() => window.localStorage.removeItem('anchor.theme'));
  await studio.open('#/reports');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('reports.run').selectOption(String(runId));
  const cell = page.getByTestId('report.run').getByTestId('heatmap.perception.origin');
  const colours = () => cell.evaluate((el) => `${el.style.background} / ${el.style.color}`);
  await expect(cell).toHaveAttribute('style', /background/);
  const light = await colours();

  // What a fresh load in the dark theme draws: the colours a switch while open must reach.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await page.getByTestId('reports.run').selectOption(String(runId));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(cell).toHaveAttribute('style', /background/);
  const dark = await colours();
  expect(dark, 'the dark theme draws the heatmap in other colours').not.toBe(light);

  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(colours, { message: 'the heatmap re-drawn in light without a reload' }).toBe(light);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(colours, { message: 'the heatmap re-drawn in dark without a reload' }).toBe(dark);
  await page.screenshot({ path: `${shots}/reports-system-dark.png` });
});
