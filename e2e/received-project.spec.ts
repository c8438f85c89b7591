import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FakeOpenAI } from '../test/openai-server';
import { root } from './support/electron';
import { writeBenchTsv } from './support/files';
import { serve } from './support/team-server';

const bin = join(root, 'bin', 'anchor.cjs');

// Issue 29: a project file made on someone else's machine holds a run that used their endpoint of the same name. The
// studio never sends the owner's key there: Resume is refused, says what changed, and goes on only once the owner agrees.
test('a received run is resumed only after the owner agrees, and only against the owner\'s endpoint', async ({ browser }, info) => {
  test.skip(info.project.name === 'electron', 'the sender and the owner are two data folders beside one served project');
  const dir = mkdtempSync(join(tmpdir(), 'anchor-e2e-received-'));
  const project = join(dir, 'received.anchor');
  const sender = new FakeOpenAI({ fault: () => ({ kind: '401' }) });
  const owner = new FakeOpenAI({ reply: () => 'A' });
  const [senderUrl, ownerUrl] = [await sender.start(), await owner.start()];
  const as = (who: string) => (...args: string[]) =>
    spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, ANCHOR_DATA_DIR: join(dir, who), ANCHOR_E2E_KEY: 'sk-owner' } });
  try {
    // The sender's run stops at its own server's 401 with every question left: a run the owner may resume.
    expect(as('sender')('import', writeBenchTsv('received.tsv'), '--project', project, '--dataset', 'originals').status).toBe(0);
    // One request at a time: the first 401 stops the run with one error and two questions never asked.
    expect(as('sender')('models', 'add', 'shared-name', '--base-url', senderUrl, '--model', 'fake-vl', '--concurrency', '1').status).toBe(0);
    // Not spawnSync: the sender's model server lives in this process and must answer while the eval runs.
    const evaluated = spawn(process.execPath, [bin, 'eval', '--project', project, '--dataset', 'originals', '--model', 'shared-name', '--limit', '3'],
      { env: { ...process.env, ANCHOR_DATA_DIR: join(dir, 'sender') }, stdio: 'ignore' });
    expect(await new Promise((resolve) => evaluated.once('exit', resolve))).toBe(1);
    expect(as('owner')('models', 'add', 'shared-name', '--base-url', ownerUrl, '--model', 'fake-vl', '--api-key-env', 'ANCHOR_E2E_KEY').status).toBe(0);
    const sentBefore = sender.requests.length;

    const server = await serve(['--project', project], { ...process.env, ANCHOR_DATA_DIR: join(dir, 'owner'), ANCHOR_E2E_KEY: 'sk-owner' });
    try {
      const page = await (await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } })).newPage();
      await page.goto('./#/runs');
      await page.getByTestId('runs.item').first().click();
      await page.getByTestId('runs.resume').click();
      const notice = page.getByTestId('runs.endpointChanged');
      await expect(notice).toContainText('endpoint "shared-name"');
      await expect(notice).toContainText('Nothing was sent');
      await page.screenshot({ path: 'e2e/screenshots/received-run-refused.png' });
      expect(owner.requests).toHaveLength(0);

      await page.getByTestId('runs.acceptEndpointChange').click();
      // Ended, with the sender's one error still on the run (issue 34: a run says how it ended).
      await expect(page.getByTestId('runs.status')).toHaveText('Finished with 1 error');
      await expect(notice).toHaveCount(0);
      await expect(page.getByTestId('runs.answered')).toContainText('2 / 3');
      // The owner's agreement is recorded with the run: retrying its one error is not asked again.
      await page.getByTestId('runs.retry').click();
      await expect(page.getByTestId('runs.answered')).toContainText('3 / 3');
      await expect(page.getByTestId('runs.status')).toHaveText('Finished');
      await expect(notice).toHaveCount(0);
      expect(owner.requests).toHaveLength(3);
      expect(owner.requests.every((r) => r.authorization === 'Bearer sk-owner')).toBe(true);
      expect(sender.requests.length).toBe(sentBefore);
      await page.screenshot({ path: 'e2e/screenshots/received-run-resumed.png' });
    } finally {
      await server.stop();
    }
  } finally {
    await Promise.all([sender.stop(), owner.stop()]);
  }
});
