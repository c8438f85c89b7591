import { expect, test } from './support/test';
import { Studio } from './pages/studio';
import { FakeOpenAI } from '../test/openai-server';

const prefix = () => (test.info().project.name === 'electron' ? 'electron-' : '');
let server: FakeOpenAI;
let baseUrl: string;

// The model is a real local HTTP server speaking the OpenAI protocol: every other question gets a reply no rule can read.
test.beforeAll(async () => {
  let n = 0;
  server = new FakeOpenAI({ delayMs: 250, reply: () => (n++ % 3 === 2 ? 'Hard to say, maybe the first or the second.' : 'Answer: A') });
  baseUrl = await server.start();
});
test.afterAll(async () => server.stop());

test('adds an endpoint, runs it with pause and resume, reads and corrects predictions, answers as a human', async ({ page }) => {
  const studio = new Studio(page);
  await studio.open('#/settings');

  await page.getByTestId('endpoints.add').click();
  await page.getByTestId('endpoints.name').fill('local-vl');
  await page.getByTestId('endpoints.model').fill('fake-vl');
  await page.getByTestId('endpoints.baseUrl').fill(baseUrl);
  // At 1280 wide every field of the form stays inside its card (Max tokens once ran past the edge).
  await page.setViewportSize({ width: 1280, height: 720 });
  const form = page.getByTestId('endpoints.form');
  const card = (await form.boundingBox())!;
  for (const input of await form.locator('input, select').all()) {
    const box = (await input.boundingBox())!;
    expect(box.x + box.width, await input.evaluate((el) => el.closest('label')?.textContent ?? el.outerHTML)).toBeLessThanOrEqual(card.x + card.width + 0.5);
  }
  await page.screenshot({ path: `e2e/screenshots/${prefix()}settings-endpoint-form-1280.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('endpoints.save').click();
  const row = page.getByTestId('endpoints.row').filter({ hasText: 'local-vl' });
  await row.getByTestId('endpoints.test').click();
  await expect(row.getByTestId('endpoints.testResult')).toContainText('replied');
  await page.screenshot({ path: `e2e/screenshots/${prefix()}settings-endpoints.png` });

  await studio.go('runs');
  const dialog = await studio.newRun('Demo triplets', 'local-vl', 9);
  await expect(dialog.getByTestId('runs.plan')).toContainText('9requests');
  // Batch mode is offered for a model endpoint; the dry run then names the provider's discount.
  await dialog.getByTestId('runs.form.batch').check();
  await expect(dialog.getByTestId('runs.plan.batch')).toContainText('50% batch discount');
  await page.screenshot({ path: `e2e/screenshots/${prefix()}runs-new-dialog-batch.png` });
  await dialog.getByTestId('runs.form.batch').uncheck();
  await expect(dialog.getByTestId('runs.plan.batch')).toHaveCount(0);
  await page.screenshot({ path: `e2e/screenshots/${prefix()}runs-new-dialog.png` });
  // The server holds every reply until the pause is in, so the run cannot finish first however slow the machine.
  server.hold();
  await dialog.getByTestId('runs.start').click();
  await expect(dialog).toHaveCount(0);

  await expect(page.getByTestId('runs.status')).toHaveText('Running');
  await expect.poll(() => server.waiting()).toBeGreaterThan(0);
  // Pause answers once the requests in flight are stored, so the held ones are let through (a few at a time, new ones
  // still held) until it does: at most a few questions are answered, never all nine.
  let acknowledged = false;
  void page.waitForResponse((r) => r.url().includes('runs.pause')).then(() => (acknowledged = true));
  await page.getByTestId('runs.pause').click();
  await expect.poll(() => {
    if (!acknowledged) server.releaseWaiting();
    return acknowledged;
  }, { intervals: [100], timeout: 120_000 }).toBe(true);
  server.release();
  await expect(page.getByTestId('runs.status')).toHaveText('Paused');
  const answeredWhenPaused = await page.getByTestId('runs.answered').textContent();
  expect(answeredWhenPaused).not.toContain('9 / 9');
  await page.getByTestId('runs.resume').click();
  await expect(page.getByTestId('runs.status')).toHaveText('Finished', { timeout: 300_000 });
  await expect(page.getByTestId('runs.answered')).toContainText('9 / 9');
  await expect(page.getByTestId('runs.count')).toHaveText('9 shown');
  expect(server.answeredTwice()).toEqual([]);

  await page.getByTestId('runs.filter.failed').click();
  await expect(page.getByTestId('runs.count')).toHaveText('3 shown');
  await page.getByTestId('runs.prediction').first().click();
  await expect(page.getByTestId('runs.panel')).toBeVisible();
  await expect(page.getByTestId('runs.raw')).toHaveText('Hard to say, maybe the first or the second.');
  await expect(page.getByTestId('runs.prompt').first()).toContainText('Question:');
  await page.getByTestId('runs.correct.B').click();
  await expect(page.getByTestId('runs.count')).toHaveText('2 shown');
  await page.getByTestId('runs.filter.all').click();
  await page.screenshot({ path: `e2e/screenshots/${prefix()}runs.png` });

  await page.keyboard.press('Escape');
  await page.getByTestId('runs.new').click();
  await dialog.getByTestId('runs.form.model').selectOption('human');
  await dialog.getByTestId('runs.form.limit').fill('2');
  await dialog.getByTestId('runs.start').click();
  await expect(page.getByTestId('runs.human')).toBeVisible();
  await page.screenshot({ path: `e2e/screenshots/${prefix()}runs-human.png` });
  await page.keyboard.press('a');
  await expect(page.getByTestId('runs.answered')).toContainText('1 / 2');
  await page.keyboard.press('2');
  await expect(page.getByTestId('runs.status')).toHaveText('Finished');
  await expect(page.getByTestId('runs.answered')).toContainText('2 / 2');
});
