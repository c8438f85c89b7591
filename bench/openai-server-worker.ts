import { FakeOpenAI } from '../test/openai-server';
import { goldOf } from '../test/eval-fixtures';

// A separate process, so the engine's CPU is measured without the server's.
const server = new FakeOpenAI({ reply: goldOf, delayMs: Number(process.argv[2] ?? 100) });
void server.start().then((url) => process.stdout.write(`${url}\n`));
process.on('SIGTERM', () => {
  process.stderr.write(`  server: ${server.connections} connections for ${server.requests.length} requests\n`);
  process.exit(0);
});
