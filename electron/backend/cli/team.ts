import type { Command } from 'commander';
import { contract, type LintFinding } from '@shared/contract';
import { AppError } from '../errors';
import { projectCommand, type Common } from './commands';
import { parseOptions } from './options';

const collect = (value: string, previous: string[] = []) => [...previous, ...value.split(',').map((v) => v.trim()).filter(Boolean)];

/** Reads a password from standard input (one line), so it never appears in the process list or shell history. */
async function passwordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  const text = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  if (!text) throw new Error('--password-stdin: nothing was read from standard input');
  return text;
}

/** `anchor users …`, `anchor lint`: the people of a project and a check of its data. */
export function registerTeam(program: Command): void {
  const users = program.command('users').description('people in a project and their roles (annotator, checker, lead)');

  projectCommand(
    users, 'add',
    (c) => c
      .argument('<name>', 'login name (lowercase letters, digits, . _ -)')
      .requiredOption('--role <roles>', 'annotator, checker and/or lead (repeat or separate with commas)', collect)
      .option('--display-name <text>', 'the name shown in the studio')
      .option('--password-stdin', 'read a password from standard input; with one, the person can log in to a team server'),
    async (backend, out, opts: Common & { role: string[]; displayName?: string; passwordStdin?: boolean }, name) => {
      const password = opts.passwordStdin ? await passwordFromStdin() : undefined;
      const input = parseOptions(contract['users.add'].input, { name, roles: opts.role, displayName: opts.displayName || undefined, password }, { name: '<name>', roles: '--role' });
      const user = await backend.call('users.add', input);
      out.result(user, () => `Added ${user.name} (${user.roles.join(', ')})${user.hasPassword ? ' with a password' : ''}`);
    },
    // A team is set up before any data is imported (README: "Working as a team"), so the first person makes the file.
    { create: true },
  );

  projectCommand(users, 'list', (c) => c, async (backend, out) => {
    const list = await backend.call('users.list');
    out.result(list, () => list.length === 0
      ? 'No one yet: add a lead with `anchor users add NAME --role lead --password-stdin`'
      : list.map((u) => `${u.name.padEnd(16)} ${u.roles.join(', ').padEnd(28)} ${u.hasPassword ? 'can log in' : 'no password'}  ${u.displayName}`).join('\n'));
  });

  projectCommand(
    users, 'passwd',
    (c) => c.argument('<name>', 'login name')
      .option('--password-stdin', 'read the new password from standard input')
      .option('--clear', 'remove the password: the person can no longer log in; with none left, `anchor serve` needs no logins'),
    async (backend, out, opts: Common & { passwordStdin?: boolean; clear?: boolean }, arg) => {
      if (Boolean(opts.clear) === Boolean(opts.passwordStdin)) throw new AppError('invalid_input', 'say either --password-stdin (a new password) or --clear (none)');
      const { name } = parseOptions(contract['users.clearPassword'].input, { name: arg }, { name: '<name>' });
      if (opts.clear) {
        const user = await backend.call('users.clearPassword', { name });
        const left = (await backend.call('users.list')).filter((u) => u.hasPassword).length;
        out.result(user, () => `Removed ${user.name}'s password; ${left === 0 ? 'no one has one now, so `anchor serve` opens without logins' : `${left} still can log in`}`);
        return;
      }
      const user = await backend.call('users.setPassword', parseOptions(contract['users.setPassword'].input, { name, password: await passwordFromStdin() }));
      out.result(user, () => `Set a new password for ${user.name}; their open sessions have ended`);
    },
  );

  projectCommand(
    program, 'lint',
    (c) => c
      .description('find answers that are not an option, duplicate options, missing images, empty questions, incomplete triplets, near-duplicate images and duplicate questions')
      .option('--dataset <name>', 'only this dataset'),
    async (backend, out, opts: Common & { dataset?: string }) => {
      const datasets = await backend.call('datasets.list');
      const dataset = opts.dataset === undefined ? undefined : datasets.find((d) => d.name === opts.dataset);
      if (opts.dataset !== undefined && !dataset) throw new Error(`no dataset named "${opts.dataset}"`);
      const { findings } = await backend.call('lint.run', dataset ? { datasetId: dataset.id } : {});
      const names = new Map(datasets.map((d) => [d.id, d.name]));
      out.result({ findings, count: findings.length }, () => humanLint(findings, names));
      // Findings fail the command, so `anchor lint` can gate a release script.
      if (findings.length > 0) process.exitCode = 2;
    },
  );
}

function humanLint(findings: LintFinding[], names: Map<number, string>): string {
  if (findings.length === 0) return 'No problems found.';
  const byRule = new Map<string, number>();
  for (const f of findings) byRule.set(f.rule, (byRule.get(f.rule) ?? 0) + 1);
  const lines = findings.map((f) => `${names.get(f.datasetId) ?? f.datasetId} item ${f.extId} (#${f.itemId})${f.questionId ? ` question #${f.questionId}` : ''}: ${f.message} [${f.rule}]`);
  return [...lines, '', `${findings.length} finding${findings.length === 1 ? '' : 's'}: ${[...byRule].map(([r, n]) => `${r} ${n}`).join(', ')}`].join('\n');
}
