import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleTsvRows, writeTsv } from '../../../test/fixtures';
import { bin, withBuiltCli } from '../../../test/built-cli';

// Options reach a method only through its zod input (issue 31): a wrong value is `invalid_input` naming the option,
// exit code 1, and nothing is done — where `parseInt` read "1x" as 1 and `Number` read "abc" as NaN.
const cli = withBuiltCli();
let project: string;
beforeAll(() => {
  const file = join(cli.dir(), 'bench.tsv');
  writeTsv(file, sampleTsvRows(3));
  project = join(cli.dir(), 'options.anchor');
  expect(cli.anchor('import', file, '--project', project, '--dataset', 'bench').code).toBe(0);
});

/** `anchor …args --json` that must fail: its exit code and error. */
function refused(...args: string[]): { code: number | null; error: { code: string; message: string } } {
  const r = cli.anchor(...args, '--json');
  return { code: r.code, error: JSON.parse(r.stdout).error };
}

const runs = () => JSON.parse(cli.anchor('runs', 'list', '--project', project, '--json').stdout).value;

describe('CLI options parsed by the method\'s input schema', () => {
  it('anchor eval: a number option that is no number, or only starts like one, is refused by name and no run is made', () => {
    const evalWith = (...extra: string[]) => refused('eval', '--project', project, '--dataset', 'bench', '--model', 'random-guess', ...extra);
    expect(evalWith('--limit', 'abc')).toEqual({ code: 1, error: { code: 'invalid_input', message: '--limit takes a number; got "abc"' } });
    expect(evalWith('--limit', '1x')).toEqual({ code: 1, error: { code: 'invalid_input', message: '--limit takes a number; got "1x"' } });
    expect(evalWith('--concurrency', '1.5')).toEqual({ code: 1, error: { code: 'invalid_input', message: '--concurrency takes a whole number; got 1.5' } });
    expect(evalWith('--temperature', '9').error).toEqual({ code: 'invalid_input', message: expect.stringMatching(/^--temperature: .*; got 9$/) });
    expect(evalWith('--roles', 'origin,vision').error).toEqual({ code: 'invalid_input', message: '--roles must be one of origin, perception, knowledge; got "vision"' });
    expect(runs()).toEqual([]);
  });

  it('a run id argument that only starts like a number is refused, never read as another run', () => {
    expect(cli.anchor('eval', '--project', project, '--dataset', 'bench', '--model', 'random-guess').code).toBe(0);
    expect(runs()).toHaveLength(1);
    for (const command of [['runs', 'show'], ['runs', 'resume'], ['runs', 'export']]) {
      const r = refused(...command, '1x', '--project', project, ...(command[1] === 'export' ? ['--format', 'csv'] : []));
      expect(r, command.join(' ')).toEqual({ code: 1, error: { code: 'invalid_input', message: '<id> (a run id) takes a number; got "1x"' } });
    }
    expect(refused('report', '1', '--compare', '2y', '--project', project).error).toEqual({ code: 'invalid_input', message: '--compare takes a number; got "2y"' });
  });

  it('anchor models add: a limit or price that is no number is refused by its option, and nothing is saved', () => {
    const add = (...extra: string[]) => refused('models', 'add', 'local', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', ...extra);
    expect(add('--concurrency', '2x')).toEqual({ code: 1, error: { code: 'invalid_input', message: '--concurrency takes a number; got "2x"' } });
    expect(add('--price-in', 'abc').error).toEqual({ code: 'invalid_input', message: '--price-in takes a number; got "abc"' });
    expect(add('--timeout', '5s').error).toEqual({ code: 'invalid_input', message: '--timeout takes a number; got "5s"' });
    expect(JSON.parse(cli.anchor('models', 'list', '--json').stdout).value).toEqual([]);
  });

  it('anchor variants: an unknown level is invalid input, not an internal error', () => {
    expect(refused('variants', '--project', project, '--dataset', 'bench', '--levels', 'some', '--plan').error)
      .toEqual({ code: 'invalid_input', message: '--levels takes a comma-separated list of none, partial, full; got "some"' });
  });

  it('anchor serve: an upload limit or port that is no number is refused before anything listens (NaN lifted the limit)', async () => {
    for (const [option, value] of [['--max-upload-mb', '1O0'], ['--port', '51x']] as const) {
      const ended = await serveOrExit(['serve', '--project', project, '--port', '0', option, value]);
      expect(ended, option).toEqual({ listening: false, code: 1, stderr: `anchor: ${option} takes a number; got "${value}" [invalid_input]\n` });
    }
  });
});

/** Starts `anchor serve` and settles when it exits, or once it listens (then it is stopped): which came first. */
function serveOrExit(args: string[]): Promise<{ listening: boolean; code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env: cli.env() });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      if (!/http:\/\//.test(d.toString())) return;
      child.kill('SIGTERM');
      resolve({ listening: true, code: null, stderr });
    });
    child.on('close', (code) => resolve({ listening: false, code, stderr }));
  });
}
