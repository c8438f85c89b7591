import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { teamServerForSpec } from './support/team-spec';

/** The users' day minors of issue 34 on a team server: a ticking "your time", Annotate at 1024 px, the header's row. */
const team = teamServerForSpec();
const shots = process.env.ANCHOR_MINORS_SHOTS ?? 'e2e/screenshots/minors';

/** The middle of a box, top to bottom: elements on one row share it (within a few pixels of alignment). */
const middleOf = async (l: Locator) => {
  const box = (await l.boundingBox())!;
  return box.y + box.height / 2;
};
/** What of the screen reaches past the window's right edge (cut off, or scrolled to sideways): none when it fits. */
const offRight = (page: Page) => page.evaluate(() => Array.from(document.querySelectorAll('[data-testid="annotate.screen"] *'))
  .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > window.innerWidth + 0.5)
  .map((el) => (el instanceof HTMLElement && el.dataset.testid) || el.className.toString() || el.tagName).slice(0, 5));
/** Each item's check is soft, so a run of the spec on older code names every item that fails, not only the first. */
const soft = expect.configure({ soft: true });

test('"your time" ticks while the annotator works, with no save in between; Annotate fits 1024 px; a notice leaves History and Submit on the row', async ({ browser }) => {
  mkdirSync(shots, { recursive: true });
  const lea = await team.signIn(browser, 'lea');
  // Counts say what they count, singular for one (the Assign result once said "Assigned 1 items").
  await lea.getByTestId('nav.team').click();
  await lea.getByTestId('team.tab.assign').click();
  for (const id of ['assign.annotator.ann', 'assign.checker.lea', 'assign.checker.cat']) await lea.getByTestId(id).check();
  await lea.getByTestId('assign.count').fill('1');
  await lea.getByTestId('assign.submit').click();
  await expect(lea.getByTestId('assign.result')).toBeVisible();
  soft(await lea.getByTestId('assign.result').textContent()).toBe('Assigned 1 item: ann 1 item.');
  await soft(lea.getByTestId('assign.unassigned')).toHaveText(/^Unassigned items hold [\d,]+ questions?\.$/);
  await lea.screenshot({ path: `${shots}/team-assign-result.png` });

  const ann = await team.signIn(browser, 'ann');
  await ann.getByTestId('nav.annotate').click();
  await expect(ann.getByTestId('annotate.screen')).toBeVisible();
  const time = ann.getByTestId('annotate.time');
  const before = await time.textContent();
  // Moving the pointer over the form is work the clock counts; nothing is typed, so nothing is saved and no reload
  // of the item brings a new figure: the shown time must grow by itself.
  const box = (await ann.getByTestId('draft.perception').boundingBox())!;
  let x = 0;
  await soft.poll(async () => {
    await ann.mouse.move(box.x + 20 + (x++ % 100), box.y + 20);
    return time.textContent();
  }, { timeout: 30_000 }).not.toBe(before);

  await ann.setViewportSize({ width: 1024, height: 768 });
  await expect(ann.getByTestId('annotate.screen')).toBeVisible();
  await ann.screenshot({ path: `${shots}/annotate-1024.png` });
  soft(await offRight(ann)).toEqual([]);
  // "your time" and the save state are read whole at 1024 px (they were cut to "y…" and "S…"), on the title's row or
  // under it, and History and Submit stay beside the title (checked below).
  for (const id of ['annotate.time', 'annotate.saveState']) {
    soft(await ann.getByTestId(id).evaluate((el) => el.scrollWidth <= el.clientWidth), `${id} shown whole`).toBe(true);
  }

  // Submitting an empty form shows a notice: History and Submit stay on the row of the item's title.
  await ann.getByTestId('annotate.submit').click();
  await expect(ann.getByTestId('annotate.notice')).toBeVisible();
  const row = await middleOf(ann.locator('.workflow__bar h1'));
  await ann.screenshot({ path: `${shots}/annotate-notice-1024.png` });
  for (const id of ['annotate.history', 'annotate.submit']) soft(Math.abs((await middleOf(ann.getByTestId(id))) - row), id).toBeLessThan(8);
  // And the notice is read whole, not cut at an edge.
  soft(await ann.getByTestId('annotate.notice').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  soft(await offRight(ann)).toEqual([]);
  // For people to look at: the bar at both widths, light and dark.
  for (const theme of ['light', 'dark']) {
    await ann.evaluate((t) => window.localStorage.setItem('anchor.theme', t), theme);
    await ann.reload();
    await expect(ann.getByTestId('annotate.screen')).toBeVisible();
    for (const width of [1024, 1440]) {
      await ann.setViewportSize({ width, height: width === 1024 ? 768 : 900 });
      await ann.screenshot({ path: `${shots}/annotate-${width}-${theme}.png` });
    }
  }
  expect(team.pageErrors).toEqual([]);
});
