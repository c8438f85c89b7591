import { resolve } from 'node:path';
import type { Command } from 'commander';
import { createBackend } from '..';
import { startHttpServer } from '../http/server';
import { createOutput } from './output';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the browser studio (opens the demo project when no project is given)')
    .option('--project <file>', 'the *.anchor project file to open')
    .option('--port <n>', 'port to listen on (0 picks a free one)', '5178')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .action(async (opts: { project?: string; port: string; host: string }) => {
      const out = createOutput(false);
      try {
        const backend = await createBackend({
          ...(opts.project ? { projectPath: resolve(opts.project) } : { demo: true }),
          defaultUser: 'local',
        });
        const server = await startHttpServer(backend, { host: opts.host, port: Number(opts.port) });
        const project = backend.state.project?.path ?? '(no project)';
        process.stdout.write(`Anchor Studio is serving ${project}\n  ${server.url}\nPress Ctrl+C to stop.\n`);
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
