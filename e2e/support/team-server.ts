import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { expect, type Browser, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './electron';
import { writeBenchTsv } from './files';

const bin = join(root, 'bin', 'anchor.cjs');

export interface TeamServer {
  url: string;
  project: string;
  dir: string;
  anchor(...args: string[]): { code: number | null; stdout: string; stderr: string };
  stop(): Promise<void>;
  /** Starts the server again on the same address after `stop` (logins live in the project, so they survive). */
  restart(): Promise<void>;
}

/** `anchor serve ARGS`; resolves with the process, its URL and all it printed (the owner's link too) once it listens. */
function spawnServe(args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string; text: string }> {
  const child: ChildProcess = spawn(process.execPath, [bin, 'serve', ...args], { env });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d: Buffer) => {
      text += d.toString();
      const m = /(http:\/\/\S+)/.exec(text);
      if (m && text.includes('Press Ctrl+C')) resolve({ child, url: m[1]!, text });
    });
    child.once('exit', () => reject(new Error(`anchor serve exited: ${text}`)));
  });
}

/** Stops a server process and waits for its exit (at once if it has already gone). */
const stopProcess = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});

/**
 * A team server as a lead would set one up with the CLI: a project with original questions, three people with
 * passwords (lea: lead and checker; ann: annotator; cat: checker), then `anchor serve` on a free port.
 */
export async function startTeamServer(): Promise<TeamServer> {
  const dir = mkdtempSync(join(tmpdir(), 'anchor-e2e-team-'));
  const env = { ...process.env, ANCHOR_DATA_DIR: join(dir, 'data') };
  const project = join(dir, 'team.anchor');
  const anchor = (...args: string[]) => {
    const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const imported = anchor('import', writeBenchTsv('originals.tsv'), '--project', project, '--dataset', 'originals');
  if (imported.code !== 0) throw new Error(imported.stderr);
  for (const [name, roles, display] of [['lea', 'lead,checker', 'Lea Lead'], ['ann', 'annotator', 'Ann Annotator'], ['cat', 'checker', 'Cat Checker']]) {
    const r = spawnSync(process.execPath, [bin, 'users', 'add', name!, '--project', project, '--role', roles!, '--display-name', display!, '--password-stdin'],
      { encoding: 'utf8', env, input: `${name}-password\n` });
    if (r.status !== 0) throw new Error(r.stderr);
  }
  const first = await spawnServe(['--project', project, '--port', '0'], env);
  const url = first.url;
  let child = first.child;
  return {
    url, project, dir, anchor,
    stop: () => stopProcess(child),
    restart: async () => {
      ({ child } = await spawnServe(['--project', project, '--port', new URL(url).port], env));
    },
  };
}

/** `anchor serve ARGS` on a free port; resolves with its URL once it listens, and a stop that waits for its exit. */
export async function serve(args: string[], env: NodeJS.ProcessEnv): Promise<{ url: string; text: string; stop: () => Promise<void> }> {
  const { child, url, text } = await spawnServe([...args, '--port', '0'], env);
  return { url, text, stop: () => stopProcess(child) };
}

/**
 * A browser session signed in as `name` (password `NAME-password`, as `startTeamServer` sets them) at 1280×720;
 * uncaught page errors are pushed to `errors` so a spec can end by asserting there were none.
 */
export async function signIn(browser: Browser, server: TeamServer, name: string, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  await page.goto('./#/datasets');
  await page.getByTestId('login.name').fill(name);
  await page.getByTestId('login.password').fill(`${name}-password`);
  await page.getByTestId('login.submit').click();
  // Passwords are hashed with scrypt on purpose: a login takes seconds on a busy machine.
  await expect(page.getByTestId('profile.name')).toBeVisible();
  return page;
}

/** The lead gives Ann the next item of the dataset, checked by Lea and Cat, through Team → Assign as a lead would. */
export async function assignOneItemToAnn(lead: Page): Promise<void> {
  await lead.getByTestId('nav.team').click();
  await lead.getByTestId('team.tab.assign').click();
  await lead.getByTestId('assign.annotator.ann').check();
  await lead.getByTestId('assign.checker.lea').check();
  await lead.getByTestId('assign.checker.cat').check();
  await lead.getByTestId('assign.count').fill('1');
  await lead.getByTestId('assign.submit').click();
  await expect(lead.getByTestId('assign.result')).toHaveText('Assigned 1 item: ann 1 item.');
}

/** Ann writes the knowledge question with the wrong key (B, brown), the mistake the checkers flag, and waits for the save. */
export async function writeKnowledgeWithWrongKey(ann: Page): Promise<void> {
  const k = ann.getByTestId('draft.knowledge');
  await k.getByTestId('draft.knowledge.text').fill('Which colour is a primary colour of light?');
  await k.getByTestId('draft.knowledge.option.0').fill('red');
  await k.getByTestId('draft.knowledge.option.1').fill('brown');
  await k.getByTestId('draft.knowledge.answer.B').click();
  await expect(ann.getByTestId('annotate.saveState')).toHaveText(/^Saved · v\d+$/);
}
