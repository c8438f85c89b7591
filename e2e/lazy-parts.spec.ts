import { expect, test } from './support/test';
import { Studio } from './pages/studio';

// The code-split chunks are named after the module that starts them (Vite keeps the name, adds a hash).
const heavy = /\/assets\/(Chart|VrpScreen|Markdown|ImageViewer|ReportsScreen)-[\w-]+\.js$/;

test('the studio starts without the charts, canvas and Markdown, and fetches each part when its screen opens', async ({ page }) => {
  test.skip(test.info().project.name === 'electron', 'counts the HTTP requests of a browser tab');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const studio = new Studio(page);
  await studio.open('#/datasets');
  await expect(page.getByTestId('datasets.tab').first()).toBeVisible();
  expect(scripts.filter((s) => heavy.test(s)), 'heavy parts fetched at start').toEqual([]);

  await studio.go('vrp');
  await expect(page.getByTestId('canvas.stage').locator('canvas').first()).toBeVisible();
  expect(scripts.some((s) => /\/VrpScreen-/.test(s)), 'the canvas code, once its screen opened').toBe(true);

  // An item's image viewer (zoom and pan) arrives when an item is opened on Datasets.
  await studio.go('datasets');
  await studio.selectDataset('Demo triplets');
  await studio.rows().nth(4).click();
  await expect(page.getByTestId('item.image')).toBeVisible();
  expect(scripts.some((s) => /\/ImageViewer-/.test(s)), 'the image viewer, once an item opened').toBe(true);
  expect(scripts.some((s) => /\/(Chart|Markdown)-/.test(s)), 'charts and Markdown, never shown').toBe(false);
});

test('a link straight to a screen is "ready" only once that screen is there, not while its code loads', async ({ page }) => {
  // Notes, at the moment the app root first says ready, whether the Canvas screen was already in the page.
  await page.addInitScript(() => {
    const seen = globalThis as unknown as { screenAtReady?: boolean };
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-app-state="ready"]')) return;
      seen.screenAtReady = document.querySelector('[data-testid="canvas.screen"]') !== null;
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-app-state'] });
  });
  // The Canvas screen's code is held until the studio's own start-up calls are answered and a frame has passed, so
  // an app that said ready without its screen would say so while the screen is still loading.
  const answered = Promise.all(['app.info', 'session.me'].map((m) => page.waitForResponse((r) => r.url().endsWith(`/api/${m}`))));
  await page.route(/\/assets\/VrpScreen-[\w-]+\.js$/, async (route) => {
    await answered;
    await expect(page.getByTestId('lazy.loading')).toContainText('Loading Canvas');
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await route.continue();
  });
  await new Studio(page).open('#/vrp');
  expect(await page.evaluate(() => (globalThis as unknown as { screenAtReady?: boolean }).screenAtReady)).toBe(true);
});
