import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, withBuiltCli } from '../../../test/built-cli';

// As users run it: the built bundle in a child process.
const cli = withBuiltCli();
const anchor = cli.anchor;

describe("the README's team set-up on a fresh machine", () => {
  it('`anchor users add` on a file that does not exist yet creates the project with that person in it', () => {
    const project = join(cli.dir(), 'team.anchor');
    const added = anchor('users', 'add', 'lena', '--role', 'lead,annotator', '--project', project, '--json');
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ ok: true, value: { name: 'lena', roles: ['lead', 'annotator'] } });
    expect(existsSync(project)).toBe(true);
    const list = JSON.parse(anchor('users', 'list', '--project', project, '--json').stdout);
    expect(list.value.map((u: { name: string }) => u.name)).toEqual(['lena']);
  });

  it('a command that reads a missing project says not_found and how to make one, never "unexpected error"', () => {
    const missing = join(cli.dir(), 'missing.anchor');
    const r = anchor('users', 'list', '--project', missing, '--json');
    expect(r.code).toBe(1);
    const error = JSON.parse(r.stdout).error;
    expect(error.code).toBe('not_found');
    expect(error.message).toContain(`no project at ${missing}`);
    expect(error.message).toContain('anchor users add');
    expect(anchor('info', '--project', missing).stderr).not.toMatch(/unexpected|internal/);
    expect(existsSync(missing)).toBe(false);
  });
});

/** `anchor serve` on a free loopback port; resolves with everything it printed once it listens. */
function serve(project: string): Promise<{ child: ChildProcess; text: string }> {
  const child = spawn(process.execPath, [bin, 'serve', '--project', project, '--port', '0'], { env: cli.env() });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d: Buffer) => {
      text += d.toString();
      if (text.includes('Press Ctrl+C')) resolve({ child, text });
    });
    child.once('exit', () => reject(new Error(`anchor serve exited: ${text}`)));
  });
}

const stop = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});

const me = async (url: string, cookie?: string) => (await (await fetch(`${url}api/session.me`, {
  method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: '{}',
})).json()) as { ok: boolean; value: { mode: string; user: unknown } };

describe('the owner of a studio is never locked out by a password', () => {
  it('`anchor serve` prints an owner link that signs its starter in without one, and `anchor users passwd --clear` removes them', async () => {
    const project = join(cli.dir(), 'solo.anchor');
    expect(anchor('users', 'add', 'me', '--role', 'lead,annotator,checker', '--project', project).code).toBe(0);
    const maria = spawnSync(process.execPath, [bin, 'users', 'add', 'maria', '--role', 'annotator', '--password-stdin', '--project', project],
      { encoding: 'utf8', env: cli.env(), input: 'maria-password\n' });
    expect(maria.status, maria.stderr).toBe(0);

    const team = await serve(project);
    try {
      expect(team.text).toContain('as a team server');
      const url = /(http:\/\/\S+\/)\n/.exec(team.text)![1]!;
      const link = /(http:\/\/\S+\/auth\/owner\?token=\S+)/.exec(team.text)![1]!;
      expect(await me(url)).toEqual({ ok: true, value: { mode: 'team', user: null } });
      expect((await fetch(`${url}auth/owner?token=not-the-secret`, { redirect: 'manual' })).status).toBe(401);
      const signedIn = await fetch(link, { redirect: 'manual' });
      expect(signedIn.status).toBe(303);
      const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
      // The owner works as in the local studio: no login screen, every lead action.
      expect(await me(url, cookie)).toEqual({ ok: true, value: { mode: 'local', user: null } });
      const datasets = await fetch(`${url}api/datasets.list`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{}' });
      expect(datasets.status).toBe(200);
    } finally {
      await stop(team.child);
    }

    const both = anchor('users', 'passwd', 'maria', '--project', project, '--json');
    expect(JSON.parse(both.stdout).error.code).toBe('invalid_input');
    const cleared = anchor('users', 'passwd', 'maria', '--clear', '--project', project);
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(cleared.stdout).toContain('no one has one now');
    const list = JSON.parse(anchor('users', 'list', '--project', project, '--json').stdout) as { value: { name: string; hasPassword: boolean }[] };
    expect(list.value.find((u) => u.name === 'maria')!.hasPassword).toBe(false);
    const local = await serve(project);
    await stop(local.child);
    expect(local.text).not.toContain('team server');
    expect(local.text).not.toContain('auth/owner');
  });
});
