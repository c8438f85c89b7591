import type { Command } from 'commander';
import { tokenParamSchema, type TokenParam } from '@shared/domain/token-param';
import type { EndpointInput } from '@shared/contract';
import { int, withBackend } from './commands';
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
    .option('--concurrency <n>', 'requests in flight', int)
    .option('--rpm <n>', 'requests per minute', int)
    .option('--tpm <n>', 'tokens per minute', int)
    .option('--max-tokens <n>', 'default max tokens per reply', int)
    .option('--token-param <field>', 'the body field carrying max tokens: auto (default: max_completion_tokens for OpenAI o-series and gpt-5, '
      + 'max_tokens otherwise), max_tokens or max_completion_tokens')
    .option('--timeout <ms>', 'per-request timeout in ms', int)
    .option('--price-in <usd>', 'USD per million input tokens', Number)
    .option('--price-out <usd>', 'USD per million output tokens', Number)
    .option('--batch-discount <share>', 'share taken off batch runs (0–1; default 0.5, OpenAI\'s)', Number)
    .option('--json', 'print one JSON document')
    .action(async (name: string, o: Record<string, string | number | boolean | string[] | undefined>) =>
      withBackend(o.json as boolean, async (backend, out) => {
        const replicas = (o as { replica?: string[] }).replica;
        const endpoint: EndpointInput = {
          name, baseUrl: o.baseUrl as string, model: o.model as string, kind: o.textOnly ? 'text' : 'vision', ...(replicas?.length ? { replicas } : {}),
          apiKeyEnv: (o.apiKeyEnv as string | undefined) ?? null,
          ...(o.concurrency !== undefined ? { concurrency: o.concurrency as number } : {}),
          ...(o.rpm !== undefined ? { rpm: o.rpm as number } : {}),
          ...(o.tpm !== undefined ? { tpm: o.tpm as number } : {}),
          ...(o.maxTokens !== undefined ? { maxTokens: o.maxTokens as number } : {}),
          ...(o.tokenParam !== undefined ? { tokenParam: tokenParamOption(o.tokenParam) } : {}),
          ...(o.timeout !== undefined ? { timeoutMs: o.timeout as number } : {}),
          ...(o.priceIn !== undefined ? { priceIn: o.priceIn as number } : {}),
          ...(o.priceOut !== undefined ? { priceOut: o.priceOut as number } : {}),
          ...(o.batchDiscount !== undefined ? { batchDiscount: o.batchDiscount as number } : {}),
        };
        const saved = await backend.call('endpoints.save', { endpoint });
        out.result(saved, () => `Saved ${saved.name}: ${saved.model} at ${saved.baseUrl} (key: ${saved.keySource === 'env' ? `from $${saved.apiKeyEnv}` : saved.apiKeyEnv ? `$${saved.apiKeyEnv} is not set` : 'none'})`);
      }),
    );
}

/** Inside the action, so a wrong value is an `invalid_input` error that `--json` prints like any other. */
function tokenParamOption(value: unknown): TokenParam {
  const parsed = tokenParamSchema.safeParse(value);
  if (!parsed.success) throw new AppError('invalid_input', `--token-param must be one of ${tokenParamSchema.options.join(', ')}; got "${String(value)}"`);
  return parsed.data;
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
