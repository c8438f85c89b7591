import { createHash } from 'node:crypto';
import { FakeOpenAI, type Fault } from '../test/openai-server';
import { goldOf } from '../test/eval-fixtures';
import { InFlightSampler } from './in-flight';

/**
 * A separate process, so the engine's CPU is measured without the server's. Arguments: reply delay in ms, a share of
 * attempts that fail (a third 429 with Retry-After: 1, a third 500, a third a dropped connection), drawn from a hash
 * of the prompt and attempt so every run of the bench meets the same faults, the number of questions of the run (for
 * the in-flight sampling), and `hang` to accept every request and never answer (a frozen replica).
 * Prints its URL as the first line; on SIGTERM, one JSON line of what it saw (`ServerReport`).
 */
const delayMs = Number(process.argv[2] ?? 100);
const faultShare = Number(process.argv[3] ?? 0);
const questions = Number(process.argv[4] ?? 0);
const hang = process.argv[5] === 'hang';
const kinds: Fault[] = [{ kind: '429', retryAfter: '1' }, { kind: '500' }, { kind: 'reset' }];

function faultOf(prompt: string, attempt: number): Fault {
  if (hang) return { kind: 'timeout' };
  const draw = createHash('sha256').update(`${prompt}#${attempt}`).digest().readUInt32BE(0) / 2 ** 32;
  return draw < faultShare ? kinds[Math.floor((draw / faultShare) * 3)]! : { kind: 'ok' };
}

/** Each question's attempts in order, as fault kinds ('ok' last when it was answered): what an ideal client would meet. */
function chainsOf(requests: FakeOpenAI['requests']): string[][] {
  const byKey = new Map<string, string[]>();
  for (const r of requests) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r.fault]);
  return [...byKey.values()];
}

const server = new FakeOpenAI({ reply: goldOf, delayMs, ...(faultShare > 0 || hang ? { fault: faultOf } : {}) });
const sampler = new InFlightSampler(server, questions);
void server.start().then((url) => {
  sampler.start();
  process.stdout.write(`${url}\n`);
});
process.on('SIGTERM', () => {
  sampler.stop();
  const faults = server.requests.filter((r) => r.fault !== 'ok').length;
  process.stdout.write(`${JSON.stringify({ connections: server.connections, requests: server.requests.length, faults, chains: chainsOf(server.requests), ...sampler.report() })}\n`);
  process.exit(0);
});
