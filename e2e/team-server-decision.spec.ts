import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/test';
import { root } from './support/electron';
import { serve } from './support/team-server';

/**
 * Turning a studio into a team server is a decision: the first password is confirmed with what changes, and the
 * owner who starts `anchor serve` gets in by the link it prints, with no password of their own.
 */
test('the first password asks first; afterwards the owner still gets in by the link `anchor serve` printed', async ({ browser }, info) => {
  test.skip(info.project.name === 'electron', 'the owner link belongs to `anchor serve`; the desktop never asks for logins');
  const dir = mkdtempSync(join(tmpdir(), 'anchor-e2e-solo-'));
  const env = { ...process.env, ANCHOR_DATA_DIR: join(dir, 'data') };
  const project = join(dir, 'solo.anchor');
  const added = spawnSync(process.execPath, [join(root, 'bin', 'anchor.cjs'), 'users', 'add', 'me', '--role', 'lead,annotator,checker', '--project', project],
    { encoding: 'utf8', env });
  expect(added.status, added.stderr).toBe(0);

  let server = await serve(['--project', project], env);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('./#/team');
  await page.getByTestId('team.tab.people').click();
  await page.getByTestId('people.name').fill('maria');
  await page.getByTestId('people.password').fill('maria-password');
  await page.getByTestId('people.add').click();
  const dialog = page.getByTestId('people.firstPassword');
  await expect(dialog).toContainText('team server');
  await expect(dialog).toContainText(`anchor users passwd maria --clear --project ${project}`);
  await page.screenshot({ path: '/tmp/ux-shots/people-first-password.png' });
  // Cancelled: nobody is added, and the focus is back on the button that opened the question.
  await page.getByTestId('people.firstPassword.cancel').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('people.add')).toBeFocused();
  await expect(page.getByTestId('people.maria')).toHaveCount(0);
  await page.getByTestId('people.add').click();
  await page.getByTestId('people.firstPassword.confirm').click();
  await expect(page.getByTestId('people.maria')).toContainText('set');

  // The next start is a team server; the owner's link signs them in without a password.
  await server.stop();
  server = await serve(['--project', project], env);
  expect(server.text).toContain('team server');
  const link = /(http:\/\/\S+\/auth\/owner\?token=\S+)/.exec(server.text)![1]!;
  const owner = await browser.newContext({ baseURL: server.url });
  const ownerPage = await owner.newPage();
  await ownerPage.goto('./#/datasets');
  await expect(ownerPage.getByTestId('login.screen')).toBeVisible();
  await ownerPage.screenshot({ path: '/tmp/ux-shots/login-owner-hint.png' });
  await ownerPage.goto(link);
  await expect(ownerPage.locator('[data-app-state="ready"]')).toBeVisible();
  await expect(ownerPage.getByTestId('login.screen')).toHaveCount(0);
  await ownerPage.getByTestId('nav.team').click();
  await ownerPage.getByTestId('team.tab.people').click();
  await expect(ownerPage.getByTestId('people.maria')).toBeVisible();
  await owner.close();
  await context.close();
  await server.stop();
});
