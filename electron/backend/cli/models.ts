import type { Command } from 'commander';
import { contract } from '@shared/contract';
import { withBackend, type Common } from './commands';
import { numeric, parseOptions, type NumberOption } from './options';
import { AppError } from '../errors';
import type { Backend } from '..';
import type { Output } from './output';

/** `anchor models …`: the machine's model endpoints (keys come from environment variables here, never from files). */
export function registerModels(program: Command): void {
  const models = program.command('models').description('model endpoints (OpenAI-compatible: OpenAI, vLLM, Ollama, LM Studio…)');
  registerAdd(models);
  registerList(models);
  registerTest(models);
  registerRemove(models);
}

interface AddOptions extends Pick<Common, 'json'> {
  baseUrl: string; model: string; apiKeyEnv?: string; replica?: string[]; textOnly?: boolean; tokenParam?: string;
  concurrency?: NumberOption; rpm?: NumberOption; tpm?: NumberOption; maxTokens?: NumberOption; timeout?: NumberOption;
  priceIn?: NumberOption; priceOut?: NumberOption; batchDiscount?: NumberOption;
}

function registerAdd(models: Command): void {
  models
    .command('add')
    .description('add or replace an endpoint')
    .argument('<name>', 'a short name, used by `anchor eval --model`')
    .requiredOption('--base-url <url>', 'e.g. https://api.openai.com/v1 or http://localhost:11434/v1')
    .requiredOption('--model <id>', 'the model id the endpoint expects')
    .option('--api-key-env <var>', 'environment variable holding the key')
    .option('--replica <url>', 'another base URL serving the same model (repeat for each vLLM replica)', (v: string, all: string[] = []) => [...all, v])
    .option('--text-only', 'a text-only model: never send images')
    .option('--concurrency <n>', 'requests in flight', numeric)
    .option('--rpm <n>', 'requests per minute', numeric)
    .option('--tpm <n>', 'tokens per minute', numeric)
    .option('--max-tokens <n>', 'default max tokens per reply', numeric)
    .option('--token-param <field>', 'the body field carrying max tokens: auto (default: max_completion_tokens for OpenAI o-series and gpt-5, '
      + 'max_tokens otherwise), max_tokens or max_completion_tokens')
    .option('--timeout <ms>', 'per-request timeout in ms', numeric)
    .option('--price-in <usd>', 'USD per million input tokens', numeric)
    .option('--price-out <usd>', 'USD per million output tokens', numeric)
    .option('--batch-discount <share>', 'share taken off batch runs (0–1; default 0.5, OpenAI\'s)', numeric)
    .option('--json', 'print one JSON document')
    .action(async (name: string, o: AddOptions) =>
      withBackend(o.json, async (backend, out) => {
        const input = parseOptions(contract['endpoints.save'].input, {
          endpoint: {
            name, baseUrl: o.baseUrl, model: o.model, kind: o.textOnly ? 'text' : 'vision', replicas: o.replica?.length ? o.replica : undefined,
            apiKeyEnv: o.apiKeyEnv ?? null, concurrency: o.concurrency, rpm: o.rpm, tpm: o.tpm, maxTokens: o.maxTokens, tokenParam: o.tokenParam,
            timeoutMs: o.timeout, priceIn: o.priceIn, priceOut: o.priceOut, batchDiscount: o.batchDiscount,
          },
        }, { 'endpoint.name': '<name>', timeoutMs: '--timeout', replicas: '--replica' });
        const saved = await backend.call('endpoints.save', input);
        out.result(saved, () => `Saved ${saved.name}: ${saved.model} at ${saved.baseUrl} (key: ${saved.keySource === 'env' ? `from $${saved.apiKeyEnv}` : saved.apiKeyEnv ? `$${saved.apiKeyEnv} is not set` : 'none'})`);
      }),
    );
}

function registerList(models: Command): void {
  models
    .command('list')
    .description('list endpoints')
    .option('--json', 'print one JSON document')
    .action(async (o: { json?: boolean }) =>
      withBackend(o.json, async (backend, out) => {
        const list = await backend.call('endpoints.list');
        out.result(list, () =>
          list.length === 0
            ? 'No endpoints yet. Add one: anchor models add NAME --base-url URL --model ID [--api-key-env VAR]'
            : list.map((e) => `${e.name}\t${e.model}\t${e.baseUrl}\t${e.kind}\tkey: ${e.keySource}\tconcurrency ${e.concurrency}`).join('\n'));
      }),
    );
}

/** An endpoint command that names one endpoint and needs no project: `anchor models test|remove NAME [--json]`. */
function namedEndpointCommand(models: Command, command: string, description: string,
  run: (backend: Backend, out: Output, name: string) => Promise<void>): void {
  models
    .command(command)
    .description(description)
    .argument('<name>')
    .option('--json', 'print one JSON document')
    .action(async (name: string, o: { json?: boolean }) => withBackend(o.json, (backend, out) => run(backend, out, name)));
}

function registerTest(models: Command): void {
  namedEndpointCommand(models, 'test', 'send one tiny request and report latency', async (backend, out, name) => {
    const r = await backend.call('endpoints.test', { name });
    // A failure is an error with its code, so the JSON and the exit code agree.
    if (!r.ok) throw new AppError('endpoint_failed', `${name}: failed after ${r.latencyMs} ms — ${r.error}`);
    out.result(r, () => `${name}: OK in ${r.latencyMs} ms — replied "${r.reply}"`);
  });
}

function registerRemove(models: Command): void {
  namedEndpointCommand(models, 'remove', 'forget an endpoint', async (backend, out, name) => {
    const r = await backend.call('endpoints.delete', { name });
    out.result(r, () => (r.deleted ? `Removed ${name}` : `No endpoint named ${name}`));
  });
}
