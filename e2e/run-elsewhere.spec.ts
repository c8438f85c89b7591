import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FakeOpenAI } from '../test/openai-server';
import { root } from './support/electron';
import { startTeamServer, type TeamServer } from './support/team-server';

let team: TeamServer;
let model: FakeOpenAI;
let release!: () => void;
let cli: ChildProcess | null = null;

test.beforeAll(async ({}, info) => {
  if (info.project.name === 'electron') return;
  team = await startTeamServer();
  const held = new Promise<void>((r) => (release = r));
  model = new FakeOpenAI({ reply: () => 'A', gate: () => held });
});
test.afterAll(async () => {
  release?.();
  cli?.kill('SIGTERM');
  await model?.stop();
  await team?.stop();
});

test('a run the CLI executes shows live in the studio, with no Resume, and follows its progress', async ({ browser }, info) => {
  test.skip(info.project.name === 'electron', 'the CLI and the studio share a project through a team server here');
  const baseUrl = await model.start();
  expect(team.anchor('models', 'add', 'local', '--base-url', baseUrl, '--model', 'fake-vl', '--concurrency', '2', '--json').code).toBe(0);
  // The CLI holds the run while the model server holds every reply: it stays running until the test releases them.
  cli = spawn(process.execPath, [join(root, 'bin', 'anchor.cjs'), 'eval', '--project', team.project, '--dataset', 'originals', '--model', 'local', '--json'],
    { env: { ...process.env, ANCHOR_DATA_DIR: join(team.dir, 'data') } });
  const exited = new Promise<number | null>((resolve) => cli!.once('exit', resolve));
  await expect.poll(() => model.requests.length).toBeGreaterThan(0);

  const context = await browser.newContext({ baseURL: team.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('./#/runs');
  await page.getByTestId('login.name').fill('lea');
  await page.getByTestId('login.password').fill('lea-password');
  await page.getByTestId('login.submit').click();
  await page.goto('./#/runs');
  await page.getByTestId('runs.item').first().click();
  const executor = page.getByTestId('runs.executor');
  await expect(executor).toContainText(`Running in process ${cli.pid} on `);
  await expect(page.getByTestId('runs.resume')).toHaveCount(0);
  await expect(page.getByTestId('runs.answered')).toContainText('0 /');
  await page.screenshot({ path: 'e2e/screenshots/run-elsewhere.png' });

  release();
  expect(await exited).toBe(0);
  await expect(page.getByTestId('runs.status')).toHaveText('Finished');
  await expect(executor).toHaveCount(0);
  await expect(page.getByTestId('runs.answered')).toContainText('12 / 12');
  // The list and the prediction rows follow too, not only the header.
  await expect(page.getByTestId('runs.item').first()).toContainText('12/12');
  await expect(page.getByText('Not Asked', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/screenshots/run-elsewhere-done.png' });
});
