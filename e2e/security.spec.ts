import { chromium } from '@playwright/test';
import { chromiumPath } from './chromium';
import { expect, test } from './support/test';
import { Studio } from './pages/studio';
import { api } from './support/api';
import { writePicturesTsv } from './support/files';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

declare global {
  interface Window { cspViolations: string[] }
}

const port = Number(process.env.ANCHOR_E2E_PORT ?? 5191);

test.describe('the HTTP door in a browser', () => {
  test.beforeEach(() => test.skip(test.info().project.name === 'electron', 'the desktop has no HTTP server'));

  test('a page whose name rebinds to this machine cannot load the studio nor call it (DNS rebinding)', async () => {
    // Chromium resolves rebind.test to 127.0.0.1, exactly what a rebinding attacker's DNS answers.
    const browser = await chromium.launch({
      executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP rebind.test 127.0.0.1`],
    });
    try {
      const page = await browser.newPage();
      const response = await page.goto(`http://rebind.test:${port}/`);
      expect(response!.status()).toBe(403);
      await expect(page.locator('body')).toContainText('does not answer to the name');
      await expect(page.locator('[data-app-state]')).toHaveCount(0);
      // Script on the attacker's page, same origin as far as the browser knows, is refused too.
      const status = await page.evaluate(async () => (await fetch('api/imports.run', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ files: ['/etc/passwd'] }),
      })).status);
      expect(status).toBe(403);
    } finally {
      await browser.close();
    }
  });

  test('the studio works at localhost as at 127.0.0.1', async ({ page }) => {
    await page.goto(`http://localhost:${port}/#/datasets`);
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
    await expect(page.getByTestId('datasets.screen')).toBeVisible();
    const studio = new Studio(page);
    await expect(studio.rows().first()).toBeVisible();
  });

  test('exports a dataset as a download from the Datasets screen', async ({ page }) => {
    const studio = new Studio(page);
    await studio.open();
    await page.getByTestId('datasets.export').click();
    await page.screenshot({ path: 'e2e/screenshots/datasets-export.png' });
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export.download').click()]);
    expect(file.suggestedFilename()).toMatch(/\.tsv$/);
    await expect(page.getByTestId('export.status')).toContainText(`Downloaded ${file.suggestedFilename()}`);
    await page.getByTestId('export.format').selectOption('mmevalpro');
    await page.getByTestId('export.accepted').check();
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export.download').click()]);
    expect(zip.suggestedFilename()).toMatch(/-accepted\.zip$/);
  });

  test('the studio works under its content security policy: a report chart and the canvas draw with no violation, a remote image is refused', async ({ page, request }) => {
    // Every violation the page reports, from its first script on.
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const policy = (await request.get('./')).headers()['content-security-policy'];
    expect(policy).toContain("img-src 'self' data: blob:");
    const dataset = `csp e2e ${Date.now()}`;
    await api(request, 'imports.run', { files: [writePicturesTsv('csp.tsv', 2)], dataset });
    const datasetId = (await api<{ id: number; name: string }[]>(request, 'datasets.list', {})).find((d) => d.name === dataset)!.id;
    const predictions = join(mkdtempSync(join(tmpdir(), 'anchor-e2e-csp-')), 'model_csp.csv');
    writeFileSync(predictions, 'index,prediction\n0,A\n1,B\n');
    await api(request, 'runs.importPredictions', { datasetId, path: predictions, format: 'auto', model: 'csp-model', name: `csp run ${Date.now()}` });

    const studio = new Studio(page);
    await studio.open('#/reports');
    await expect(page.getByTestId('report.run').getByTestId('report.groups.chart').locator('svg')).toBeVisible();
    await studio.go('vrp');
    await page.getByTestId('canvas.dataset').selectOption(String(datasetId));
    await page.getByTestId('canvas.item.0').click();
    await expect(page.getByTestId('canvas.stage').locator('canvas').first()).toBeVisible();
    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);

    // What a guideline's Markdown image would ask of every reader's browser: refused, and reported as img-src.
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'http://remote-pixel.test/p.png';
      document.body.append(img);
    });
    // Reported once per policy that refuses it: the header's and the page's meta.
    await expect.poll(() => page.evaluate(() => window.cspViolations)).toContain('img-src http://remote-pixel.test/p.png');
    expect(new Set(await page.evaluate(() => window.cspViolations))).toEqual(new Set(['img-src http://remote-pixel.test/p.png']));
  });
});
