import { expect, test } from './support/test';
import { Studio } from './pages/studio';
import { drawBox } from './support/canvas';

// The variant preview is a scrolling grid of thirteen pictures: without a mouse it must still be reachable and
// scrollable (axe's scrollable-region-focusable, issue 34).
test('the variant preview is a named region the keyboard reaches and scrolls: Tab, then Page Down', async ({ page }) => {
  const studio = new Studio(page);
  await studio.open('#/vrp');
  await expect(page.getByTestId('canvas.stage').locator('canvas').first()).toBeVisible();
  await drawBox(page);
  await page.locator('body').press('p');
  // Chromium now puts a scroller in the tab order by itself; what it does not give is a name a screen reader says.
  const grid = page.getByRole('region', { name: 'Variant previews' });
  await expect(grid.getByTestId('variants.tile')).toHaveCount(13);
  await page.getByTestId('variants.previewGrid').getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Tab');
  await expect(grid).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect.poll(() => grid.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
});
