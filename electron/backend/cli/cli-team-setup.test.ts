import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withBuiltCli } from '../../../test/built-cli';

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
