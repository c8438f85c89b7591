import { expect, type Page } from '@playwright/test';

/** Draws a box across the middle of the picture open on the canvas (b, then a drag) and waits for the save. */
export async function drawBox(page: Page): Promise<void> {
  const box = (await page.getByTestId('canvas.stage').boundingBox())!;
  await page.keyboard.press('b');
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByTestId('canvas.saveState')).toHaveText(/Saved · v\d/);
}
