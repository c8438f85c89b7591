import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { endpointSchema, type Endpoint, type EndpointInfo } from '@shared/contract';
import { AppError } from '../errors';
import type { SecretBox } from './secrets';

const fileSchema = z.array(endpointSchema);
/** The key file: each endpoint's name to its stored (sealed) key. */
const keyFileSchema = z.record(z.string(), z.string());

function writeAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text, { mode: 0o600 });
  renameSync(tmp, path);
}

/**
 * Model endpoints of this machine (dataDir/endpoints.json), shared by every project. Keys are never written in clear:
 * stored keys are encrypted by the SecretBox in a separate file; otherwise the endpoint names an environment variable.
 */
export class EndpointStore {
  private readonly file: string;
  private readonly keyFile: string;

  constructor(
    dataDir: string,
    private readonly secrets: SecretBox | null,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.file = join(dataDir, 'endpoints.json');
    this.keyFile = join(dataDir, 'endpoint-keys.json');
  }

  list(): EndpointInfo[] {
    return this.read().map((e) => this.info(e));
  }

  get(name: string): Endpoint {
    const found = this.read().find((e) => e.name === name);
    if (!found) throw new AppError('not_found', `no endpoint named "${name}"; add it in Settings or with \`anchor models add\``);
    return found;
  }

  save(endpoint: Endpoint, apiKey: string | null, previousName: string | null): EndpointInfo {
    const all = this.read();
    const replacing = previousName ?? endpoint.name;
    if (previousName && previousName !== endpoint.name && all.some((e) => e.name === endpoint.name)) {
      throw new AppError('conflict', `an endpoint named "${endpoint.name}" already exists`);
    }
    const keys = this.readKeys();
    if (previousName && previousName !== endpoint.name && keys[previousName]) {
      keys[endpoint.name] = keys[previousName]!;
      delete keys[previousName];
    }
    if (apiKey !== null) {
      if (!this.secrets?.isEncryptionAvailable()) {
        throw new AppError('invalid_input', 'this app cannot store keys securely here; set an environment variable and name it in "API key variable"');
      }
      keys[endpoint.name] = this.secrets.encryptString(apiKey).toString('base64');
    }
    writeAtomic(this.keyFile, JSON.stringify(keys, null, 2));
    const next = [...all.filter((e) => e.name !== replacing && e.name !== endpoint.name), endpoint].sort((a, b) => a.name.localeCompare(b.name));
    writeAtomic(this.file, JSON.stringify(next, null, 2));
    return this.info(endpoint);
  }

  delete(name: string): boolean {
    const all = this.read();
    const next = all.filter((e) => e.name !== name);
    if (next.length === all.length) return false;
    const keys = this.readKeys();
    delete keys[name];
    writeAtomic(this.keyFile, JSON.stringify(keys, null, 2));
    writeAtomic(this.file, JSON.stringify(next, null, 2));
    return true;
  }

  /** The key to send, or null for servers that need none (Ollama, vLLM without --api-key, LM Studio). */
  apiKey(endpoint: Endpoint): string | null {
    const stored = this.readKeys()[endpoint.name];
    if (stored && this.secrets?.isEncryptionAvailable()) return this.secrets.decryptString(Buffer.from(stored, 'base64'));
    if (endpoint.apiKeyEnv) return this.env[endpoint.apiKeyEnv] || null;
    return null;
  }

  private info(endpoint: Endpoint): EndpointInfo {
    const stored = Boolean(this.readKeys()[endpoint.name]) && Boolean(this.secrets?.isEncryptionAvailable());
    const env = endpoint.apiKeyEnv ? Boolean(this.env[endpoint.apiKeyEnv]) : false;
    return { ...endpoint, keySource: stored ? 'stored' : env ? 'env' : 'none' };
  }

  private read(): Endpoint[] {
    if (!existsSync(this.file)) return [];
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
    if (!parsed.success) throw new AppError('invalid_input', `${this.file} is not a list of endpoints: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return parsed.data;
  }

  private readKeys(): Record<string, string> {
    if (!existsSync(this.keyFile)) return {};
    const parsed = keyFileSchema.safeParse(JSON.parse(readFileSync(this.keyFile, 'utf8')));
    if (!parsed.success) throw new AppError('invalid_input', `${this.keyFile} is not a map of endpoint names to stored keys: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return parsed.data;
  }
}
