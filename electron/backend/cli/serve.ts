import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { createBackend } from '..';
import { startHttpServer } from '../http/server';
import { numeric, parseOptions, type NumberOption } from './options';
import { createOutput } from './output';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * What `anchor serve` takes that no contract method's input describes (it starts the HTTP adapter): a port and an
 * upload limit that are numbers, so "--max-upload-mb 1O0" is refused rather than read as NaN, which lifted the limit.
 */
const serveSchema = z.object({
  port: z.number().int().min(0).max(65535),
  maxUploadMb: z.number().positive().max(1024 * 1024),
});

interface ServeOptions { project?: string; port: NumberOption; host: string; allowedHost?: string[]; maxUploadMb: NumberOption; trustedProxy?: string[] }

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the browser studio; a project with passwords set becomes a team server with logins')
    .option('--project <file>', 'the *.anchor project file to open (default: the demo project)')
    .option('--port <n>', 'port to listen on (0 picks a free one)', numeric, 5178)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--allowed-host <name...>', 'another name the server answers to (a reverse proxy\'s), besides the address it listens on')
    .option('--max-upload-mb <n>', 'largest file the import dialogs may upload, in MB', numeric, 512)
    .option('--trusted-proxy <address...>', 'a reverse proxy\'s IP address whose X-Forwarded-For names the client (logins are throttled per client, not per proxy)')
    .action(async (opts: ServeOptions) => {
      const out = createOutput(false);
      try {
        const { port, maxUploadMb } = parseOptions(serveSchema, { port: opts.port, maxUploadMb: opts.maxUploadMb });
        // Logins turn on as soon as anyone in the project has a password; a server reachable from other machines
        // must have them, so it never serves a project to the network unauthenticated.
        const backend = await createBackend({ ...(opts.project ? { projectPath: resolve(opts.project) } : { demo: true }), team: 'with-passwords' });
        const { project } = await backend.call('app.info');
        const team = backend.server.isTeam();
        if (!team && !LOOPBACK.has(opts.host)) {
          await backend.close();
          throw new Error(`refusing to serve on ${opts.host} without logins: add a lead with a password first, e.g.\n`
            + `  anchor users add NAME --role lead --password-stdin --project ${project?.path ?? 'FILE'}`);
        }
        const server = await startHttpServer(backend, {
          host: opts.host, port, allowedHosts: opts.allowedHost ?? [], maxUploadBytes: Math.round(maxUploadMb * 1024 * 1024),
          trustedProxies: opts.trustedProxy ?? [],
        });
        // Whoever started the server is its owner and is never locked out: the link signs them in without a password.
        const ownerToken = backend.server.ownerToken();
        const owner = ownerToken ? `You, at this machine, sign in without a password at (keep it private):\n  ${server.url}auth/owner?token=${ownerToken}\n` : '';
        process.stdout.write(`Anchor Studio is serving ${project?.path ?? '(no project)'}${team ? ' as a team server (log in required)' : ''}\n  ${server.url}\n${owner}Press Ctrl+C to stop.\n`);
        const stop = async () => {
          await server.close();
          await backend.close();
          process.exit(0);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      } catch (error) {
        out.fail(error);
      }
    });
}
