import { createHash } from 'node:crypto';
import { FakeOpenAI, type Fault } from '../test/openai-server';
import { goldOf } from '../test/eval-fixtures';

/**
 * A separate process, so the engine's CPU is measured without the server's. Arguments: reply delay in ms, and a share
 * of attempts that fail (a third 429 with Retry-After: 1, a third 500, a third a dropped connection), drawn from a hash
 * of the prompt and attempt so every run of the bench meets the same faults.
 */
const delayMs = Number(process.argv[2] ?? 100);
const faultShare = Number(process.argv[3] ?? 0);
const kinds: Fault[] = [{ kind: '429', retryAfter: '1' }, { kind: '500' }, { kind: 'reset' }];

function faultOf(prompt: string, attempt: number): Fault {
  const draw = createHash('sha256').update(`${prompt}#${attempt}`).digest().readUInt32BE(0) / 2 ** 32;
  return draw < faultShare ? kinds[Math.floor((draw / faultShare) * 3)]! : { kind: 'ok' };
}

const server = new FakeOpenAI({ reply: goldOf, delayMs, ...(faultShare > 0 ? { fault: faultOf } : {}) });
void server.start().then((url) => process.stdout.write(`${url}\n`));
process.on('SIGTERM', () => {
  const faults = server.requests.filter((r) => r.fault !== 'ok').length;
  process.stderr.write(`  server: ${server.connections} connections for ${server.requests.length} requests (${faults} faults)\n`);
  process.exit(0);
});
