import { readFileSync } from 'node:fs';
import { expect, test } from './support/test';
import { Studio } from './pages/studio';

const prefix = () => (test.info().project.name === 'electron' ? 'electron-' : '');

/** Starts a seeded random-guess run over the demo triplets from the New-run dialog and waits for it to finish. */
async function randomRun(studio: Studio, circular: boolean) {
  const { page } = studio;
  const dialog = await studio.newRun('Demo triplets', 'random-guess', 60);
  if (circular) await dialog.getByTestId('runs.form.circular').check();
  await dialog.getByTestId('runs.start').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('runs.status')).toHaveText('Finished', { timeout: 300_000 });
}

test('opens a finished run\'s report, drills into a heatmap cell, compares two runs and exports HTML', async ({ page }) => {
  const studio = new Studio(page);
  await studio.open('#/runs');
  await randomRun(studio, false);
  await randomRun(studio, true);

  await studio.go('reports');
  // The newest finished run opens first: the circular one, over 20 demo triplets.
  await expect(page.getByTestId('reports.run')).toContainText('circular');
  const report = page.getByTestId('report.run');
  await expect(report.getByTestId('report.accuracy')).toHaveText(/^\d+\.\d%$/);
  await expect(report.getByTestId('report.circular')).toBeVisible();
  await expect(report.getByTestId('report.circular.chart').locator('svg')).toBeVisible();
  await expect(report.getByTestId('report.groups.chart').locator('svg')).toBeVisible();
  await expect(report.getByTestId('mmevalpro.table')).toContainText('Micro average');
  // The official auto_score.py reading stands beside it: it reads the first pass alone, so the rotations it ignores
  // are listed as differences.
  const official = report.getByTestId('report.mmevalpro-official');
  await expect(official.getByTestId('mmevalpro-official.table')).toContainText('Micro average');
  await expect(official.getByTestId('mmevalpro-official.differences')).toContainText(/^\d+ places? where the two readings differ/);
  await page.screenshot({ path: `e2e/screenshots/${prefix()}reports-circular.png`, fullPage: true });

  // Random guessing rarely survives four rotations, so drill into the single-pass run.
  await studio.selectByText(page.getByTestId('reports.run'), 'random-guess · Demo triplets — done');
  await expect(report.getByTestId('report.circular')).toHaveCount(0);
  // Triplets are clustered: the cluster bootstrap interval stands beside Wilson's.
  await expect(report.getByTestId('report.clusterCi')).toHaveText(/^cluster bootstrap 95% CI \d+\.\d–\d+\.\d over \d+ clusters$/);
  await page.screenshot({ path: `e2e/screenshots/${prefix()}reports-run.png`, fullPage: true });

  // Origin right, perception wrong: every row shown must be exactly that.
  await report.getByTestId('heatmap.perception.origin').click();
  const drill = report.getByTestId('drill');
  await expect(drill).toBeVisible();
  const count = async () => {
    await expect(drill.getByTestId('drill.total')).toHaveText(/^\d+ triplets?$/);
    return Number((await drill.getByTestId('drill.total').textContent())!.split(' ')[0]);
  };
  const total = await count();
  await expect(drill.locator('tbody tr')).toHaveCount(Math.min(total, 100));
  if (total > 0) {
    const first = drill.locator('tbody tr').first();
    await expect(first.locator('td').nth(3).locator('.drill__answer--ok')).toHaveCount(1);
    await expect(first.locator('td').nth(4).locator('.drill__answer--bad')).toHaveCount(1);
  }
  await drill.getByTestId('drill.right').click();
  const right = await count();
  expect(total + right).toBeGreaterThan(0);
  await drill.getByTestId('drill.wrong').click();
  expect(await count()).toBe(total);
  await report.getByTestId('mmevalpro.table').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `e2e/screenshots/${prefix()}reports-drill.png` });

  // Compare starts from the open run and the other run of the same questions.
  await page.keyboard.press('2');
  const pairs = page.getByTestId('compare.pairs');
  await expect(pairs.locator('tbody tr')).toHaveCount(1);
  await expect(pairs).toContainText(/(significant|within noise) \(cluster bootstrap\)/);
  await expect(page.getByTestId('compare.chart').locator('svg')).toBeVisible();
  await expect(page.getByTestId('compare.disagreements.total')).toContainText('question(s) right for some runs');
  const ids = await page.getByTestId('compare.picker').locator('input:checked').count();
  expect(ids).toBe(2);
  const picks = page.getByTestId('report.seeing');
  const options = picks.getByTestId('seeing.sv').locator('option');
  await picks.getByTestId('seeing.sv').selectOption((await options.nth(1).getAttribute('value'))!);
  await picks.getByTestId('seeing.swv').selectOption((await options.nth(2).getAttribute('value'))!);
  await expect(picks.getByTestId('seeing.mg')).toHaveText(/^-?\d+\.\d$/);
  await page.screenshot({ path: `e2e/screenshots/${prefix()}reports-compare.png`, fullPage: true });

  // The HTML export is one self-contained file with the charts inline and the comparison.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('reports.html').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^anchor-report-\d+-.+\.html$/);
  const html = readFileSync((await file.path())!, 'utf8');
  expect(html).toContain('<h2>MMEvalPro</h2>');
  expect(html).toMatch(/Comparison on \d+ common questions/);
  expect((html.match(/<svg /g) ?? []).length).toBeGreaterThanOrEqual(3);
  expect(html).not.toContain('<script');
  await expect(page.getByTestId('reports.exported')).toContainText('Saved anchor-report-');

  await page.keyboard.press('3');
  await expect(page.getByTestId('leaderboard.chart').locator('svg')).toBeVisible();
  // The single-pass and the CircularEval run are never ranked on one axis: each setting is shown on its own (issue 34).
  await expect(page.getByTestId('leaderboard.setting')).toHaveCount(2);
  expect(await page.getByTestId('leaderboard.table').locator('tbody tr').count()).toBeGreaterThanOrEqual(1);
  await page.screenshot({ path: `e2e/screenshots/${prefix()}reports-leaderboard.png` });
  await page.getByTestId('leaderboard.table').locator('tbody tr').first().click();
  await expect(page.getByTestId('report.run')).toBeVisible();

  await studio.setTheme('dark');
  await studio.go('reports');
  await expect(page.getByTestId('report.groups.chart').locator('svg')).toBeVisible();
  await page.screenshot({ path: `e2e/screenshots/${prefix()}reports-dark.png` });

  // The exported file stands alone: shown without the app, its charts and tables render.
  await page.setContent(html);
  await expect(page.locator('svg').first()).toBeVisible();
  await page.screenshot({ path: `e2e/screenshots/${prefix()}reports-export.png`, fullPage: true });
});

test('scores an imported prediction file, refusing a row that matches no question, and opens its report', async ({ page }) => {
  const studio = new Studio(page);
  await studio.open('#/runs');
  await page.getByTestId('runs.importPredictions').click();
  const dialog = page.getByTestId('predictions.dialog');
  await studio.selectByText(dialog.getByTestId('predictions.dataset'), 'Demo triplets');
  await dialog.getByTestId('predictions.model').fill('external-vlm');
  await dialog.getByTestId('predictions.file').setInputFiles({ name: 'bad.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from('index\tprediction\nbar-01\tA\nnope\tB\n') });
  await expect(dialog.getByTestId('predictions.format')).toHaveValue('table');
  await dialog.getByTestId('predictions.start').click();
  await expect(dialog.getByTestId('predictions.error')).toContainText('line 3: no origin question with id "nope"');
  // The long "import the rows that match" label wraps inside the dialog (it once ran past its right edge).
  const edge = (await dialog.boundingBox())!;
  const label = (await dialog.getByTestId('predictions.skipUnmatched').locator('xpath=../span').boundingBox())!;
  expect(label.x + label.width).toBeLessThanOrEqual(edge.x + edge.width + 0.5);
  await page.screenshot({ path: `e2e/screenshots/${prefix()}runs-import-predictions.png` });

  await dialog.getByTestId('predictions.file').setInputFiles({ name: 'external.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from('index\tprediction\nbar-01\tA\nbar-02\tThe answer is B\nbar-03\tC\n') });
  await dialog.getByTestId('predictions.start').click();
  await expect(dialog.getByTestId('predictions.done')).toContainText('Scored 3 predictions');
  await dialog.getByTestId('predictions.report').click();
  await expect(page.getByTestId('reports.run')).toContainText('external-vlm · Demo triplets · imported');
  await expect(page.getByTestId('report.tiles')).toContainText('3 / 3');
});

test('a VRPTest-style dataset gets the radar per intervention level, and a table exports as CSV', async ({ page }) => {
  const studio = new Studio(page);
  await studio.open('#/datasets');
  const levels = ['none', 'partial', 'full'];
  const rows = Array.from({ length: 24 }, (_, i) => `${9000 + i}\tWhich object is marked ${i}?\tcup\tpen\tbox\t${'ABC'[i % 3]}\tobjects\t${levels[i % 3]}\t${i % 2 ? 'red' : 'blue'}\t${i % 4 < 2 ? 'box' : 'ellipse'}\t${i % 6 < 3 ? 'upper' : 'lower'}`);
  await page.getByTestId('datasets.import').click();
  await page.getByTestId('import.files').setInputFiles({ name: 'vrp-set.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from(`index\tquestion\tA\tB\tC\tanswer\tcategory\tlevel\tcolour\tshape\tposition\n${rows.join('\n')}\n`) });
  await page.getByTestId('import.start').click();
  await expect(page.getByTestId('import.done')).toBeVisible();
  await page.getByTestId('import.close').click();

  // Two models' answers: one always right without intervention, one right only with the full intervention.
  for (const [model, rightOn] of [['model-none', 'none'], ['model-full', 'full']] as const) {
    await studio.go('runs');
    await page.getByTestId('runs.importPredictions').click();
    const dialog = page.getByTestId('predictions.dialog');
    await studio.selectByText(dialog.getByTestId('predictions.dataset'), 'vrp-set');
    await dialog.getByTestId('predictions.model').fill(model);
    const answers = Array.from({ length: 24 }, (_, i) => `${9000 + i}\t${levels[i % 3] === rightOn ? 'ABC'[i % 3] : 'ABC'[(i + 1) % 3]}`);
    await dialog.getByTestId('predictions.file').setInputFiles({ name: `${model}.tsv`, mimeType: 'text/tab-separated-values', buffer: Buffer.from(`index\tprediction\n${answers.join('\n')}\n`) });
    await dialog.getByTestId('predictions.start').click();
    await expect(dialog.getByTestId('predictions.done')).toContainText('8 right');
    await dialog.getByTestId('predictions.report').click();
  }
  const vrp = page.getByTestId('report.vrp');
  await expect(vrp).toContainText('2 run(s) on vrp-set');
  await expect(vrp.getByTestId('report.vrp.chart').locator('svg')).toBeVisible();
  await expect(vrp.locator('tr', { hasText: 'intervention level: full' })).toContainText('100.0%');
  await expect(vrp.locator('tr', { hasText: 'intervention level: none' })).toContainText('0.0%');
  await vrp.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `e2e/screenshots/${prefix()}reports-vrp.png` });

  const downloading = page.waitForEvent('download');
  await vrp.getByRole('button', { name: 'CSV' }).click();
  const csv = readFileSync((await (await downloading).path())!, 'utf8').trim().split('\n');
  expect(csv[0]).toBe('relation,value,n,correct,accuracy %,ci95 low,ci95 high');
  expect(csv).toContain('level,full,8,8,100,67.6,100');
});
