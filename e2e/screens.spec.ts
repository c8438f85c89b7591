import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { Studio, type Screen } from './pages/studio';
import { contrastProblems, screenSizes } from './support/contrast';

const prefix = () => (test.info().project.name === 'electron' ? 'electron-' : '');
const screens: Screen[] = ['datasets', 'annotate', 'review', 'vrp', 'runs', 'reports', 'optimize', 'team', 'settings'];
/** The optimize screen's test ids kept the prefix they had before the screen took its feature's name. */
const testIdPrefix = (screen: Screen) => (screen === 'optimize' ? 'prompts' : screen);

/** Waits for what a screen shows once loaded: the demo project's data, an empty state, or who-are-you. */
async function screenReady(page: Page, studio: Studio, screen: Screen): Promise<void> {
  if (screen === 'datasets') {
    await studio.selectDataset('Demo triplets');
    await studio.rows().nth(4).click();
    await expect(page.getByTestId('item.image')).toBeVisible();
  } else if (screen === 'vrp') {
    // The demo project's pictures: the first item opens on the stage, ready to draw on.
    await expect(page.getByTestId('canvas.screen')).toBeVisible();
    await expect(page.getByTestId('canvas.stage').locator('canvas').first()).toBeVisible();
  } else if (screen === 'settings' || screen === 'team') {
    await expect(page.getByTestId(`${screen}.screen`)).toBeVisible();
  } else if (screen === 'annotate' || screen === 'review') {
    // The demo project has no people yet: the screen asks who you are (the workflow spec covers the rest).
    await expect(page.getByTestId(`${screen}.noProfile`).or(page.getByTestId(`${screen}.screen`)).or(page.getByTestId(`${screen}.empty`))).toBeVisible();
  } else if (screen === 'runs' || screen === 'reports' || screen === 'optimize') {
    // Empty on a fresh server; holding the runs and reports specs' runs when those ran first.
    const id = testIdPrefix(screen);
    await expect(page.getByTestId(`${id}.empty`).or(page.getByTestId(`${id}.screen`))).toBeVisible();
  } else {
    await expect(page.getByTestId(`${screen}.empty`)).toBeVisible();
  }
}

// Screenshots of every screen in both themes (at the default size and at 1280×720 and 1920×1080) land in
// e2e/screenshots/ for people to look at; axe-core checks every screen's text contrast in both themes. One test per
// screen and theme, so a loaded machine spends its time limit on one screen, not eighteen.
for (const theme of ['light', 'dark'] as const) {
  for (const screen of screens) {
    test(`the ${screen} screen renders in the ${theme} theme, readable at both sizes`, async ({ page }) => {
      const studio = new Studio(page);
      await studio.open();
      await studio.setTheme(theme);
      await studio.go(screen);
      await screenReady(page, studio, screen);
      await page.screenshot({ path: `e2e/screenshots/${prefix()}${screen}-${theme}.png` });
      const contrast = await contrastProblems(page, `${screen} (${theme})`);
      for (const size of screenSizes) {
        await page.setViewportSize(size);
        await page.screenshot({ path: `e2e/screenshots/${prefix()}${screen}-${theme}-${size.width}.png` });
      }
      expect(contrast).toEqual([]);
    });
  }

  test(`the import dialog renders in the ${theme} theme, readable`, async ({ page }) => {
    const studio = new Studio(page);
    await studio.open();
    await studio.setTheme(theme);
    await page.getByTestId('nav.datasets').click();
    await page.getByTestId('datasets.import').click();
    await expect(page.getByTestId('import.dialog')).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/${prefix()}import-dialog-${theme}.png` });
    expect(await contrastProblems(page, `import dialog (${theme})`)).toEqual([]);
  });
}

test('keyboard: g then a letter moves between screens, ? lists shortcuts, t switches theme', async ({ page }) => {
  const studio = new Studio(page);
  await studio.open();
  await studio.setTheme('light');
  await page.locator('body').click({ position: { x: 5, y: 890 } });
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page.getByTestId('settings.screen')).toBeVisible();
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcuts.dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('t');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a link typed into the address bar wins over the screen updating its own address in the same moment', async ({ page }) => {
  const studio = new Studio(page);
  await studio.open();
  await studio.go('datasets');
  // The person types #/settings; before the browser reports the change, the screen writes its own place (as it does
  // when its data arrives). The studio must follow the link, not the stale place it wrote.
  await page.evaluate(() => {
    window.location.hash = '#/settings';
    window.history.replaceState(null, '', '#/datasets');
  });
  await expect(page.getByTestId('settings.screen')).toBeVisible();
  await expect(page).toHaveURL(/#\/settings$/);
});
