import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';

/** What the test server does with one request. */
export type Fault =
  | { kind: 'ok' }
  | { kind: '429'; retryAfter?: string }
  | { kind: '500' }
  | { kind: 'timeout' }
  | { kind: 'reset' }
  | { kind: 'malformed' }
  | { kind: 'empty' }
  | { kind: '401' };

export interface ChatBody {
  model: string;
  messages: { role: string; content: string | ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[] }[];
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  seed?: number;
}

export interface ServerOptions {
  /**
   * The reply text for a prompt (the user message's text parts joined); `attempt` is how many times this prompt (text
   * and images) has been asked, from 1, so a reply can vary between repeated trials of one question.
   */
  reply?: (prompt: string, body: ChatBody, attempt: number) => string;
  /** Which fault the n-th attempt at this prompt gets (n from 1); default every attempt succeeds. */
  fault?: (prompt: string, attempt: number) => Fault;
  delayMs?: number;
  /** Awaited before each reply (after the request is recorded): a test holds replies until it is ready for them. */
  gate?: () => Promise<void>;
  /** Extra headers on every successful reply (`x-ratelimit-*`). */
  headers?: Record<string, string>;
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Serves `/embeddings` with this vector for a text (OpenAI's embeddings protocol); without it that route is 404. */
  embed?: (text: string) => number[];
}

export interface RecordedRequest {
  prompt: string;
  /** The prompt's text and images: two questions may share words and differ by picture. */
  key: string;
  images: number;
  attempt: number;
  fault: Fault['kind'];
  /** Only `ok` requests whose reply reached a live socket count as answered. */
  delivered: boolean;
  body: ChatBody;
  authorization: string | null;
}

/**
 * A real HTTP server speaking the OpenAI chat-completions protocol, for tests and benches only: replies are scripted
 * by the test, and any attempt can be turned into a 429 with Retry-After, a 500, a hang, a dropped connection, a body
 * that is not JSON, an empty reply or a 401.
 */
export class FakeOpenAI {
  readonly requests: RecordedRequest[] = [];
  private readonly attempts = new Map<string, number>();
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();
  /** Requests waiting at the gate (see `hold`), each answered normally once released. */
  private readonly gated: (() => void)[] = [];
  private holding = false;
  inFlight = 0;
  maxInFlight = 0;
  /** TCP connections accepted: a client that keeps connections alive opens few. */
  connections = 0;

  constructor(private options: ServerOptions = {}) {}

  configure(options: ServerOptions): void {
    this.options = { ...this.options, ...options };
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', () => this.connections++);
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /**
   * Holds every request that arrives from now on until `release()`: a test that must act while a run is in flight
   * (pause it, kill it) holds the replies instead of racing the machine's speed.
   */
  hold(): void {
    this.holding = true;
  }

  /** Lets every held request through (answered as usually) and stops holding new ones. */
  release(): void {
    this.holding = false;
    this.releaseWaiting();
  }

  /** Lets the requests waiting now through, and keeps holding those that arrive later. */
  releaseWaiting(): void {
    for (const go of this.gated.splice(0)) go();
  }

  /** Requests waiting at the gate. */
  waiting(): number {
    return this.gated.length;
  }

  async stop(): Promise<void> {
    this.release();
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Prompts (text and images) the server answered — reply delivered — more than once. */
  answeredTwice(): string[] {
    const counts = new Map<string, { prompt: string; n: number }>();
    for (const r of this.requests) if (r.delivered) counts.set(r.key, { prompt: r.prompt, n: (counts.get(r.key)?.n ?? 0) + 1 });
    return [...counts.values()].filter((c) => c.n > 1).map((c) => c.prompt);
  }

  /** Requests the server is holding without an answer (the `timeout` fault). */
  held(): number {
    return this.hanging.size;
  }

  /** Drops the connections of held requests, as a client that gave up on them would see; returns how many. */
  abandonHeld(): number {
    const held = [...this.hanging];
    for (const res of held) res.destroy();
    return held.length;
  }

  delivered(): number {
    return this.requests.filter((r) => r.delivered).length;
  }

  /** Texts the `/embeddings` route was asked to embed, in order. */
  readonly embedded: string[] = [];

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'POST' && req.url?.endsWith('/embeddings') && this.options.embed) {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; input: string | string[] };
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      this.embedded.push(...inputs);
      const data = inputs.map((text, index) => ({ object: 'embedding', index, embedding: this.options.embed!(text) }));
      res.writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: 8 * inputs.length, total_tokens: 8 * inputs.length } }));
      return;
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatBody;
    const content = body.messages.at(-1)?.content ?? '';
    const parts = typeof content === 'string' ? [{ type: 'text' as const, text: content }] : content;
    const prompt = parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
    const imageUrls = parts.flatMap((p) => (p.type === 'image_url' ? [p.image_url.url] : []));
    const images = imageUrls.length;
    const key = createHash('sha256').update(JSON.stringify([prompt, imageUrls])).digest('hex');
    const attempt = (this.attempts.get(key) ?? 0) + 1;
    this.attempts.set(key, attempt);
    const fault = this.options.fault?.(prompt, attempt) ?? { kind: 'ok' };
    const record: RecordedRequest = { prompt, key, images, attempt, fault: fault.kind, delivered: false, body,
      authorization: req.headers.authorization ?? null };
    this.requests.push(record);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.holding) await new Promise<void>((go) => this.gated.push(go));
      if (this.options.delayMs) await new Promise((r) => setTimeout(r, this.options.delayMs));
      if (this.options.gate) await this.options.gate();
      this.respond(res, fault, prompt, body, record);
    } finally {
      this.inFlight--;
    }
  }

  private respond(res: ServerResponse, fault: Fault, prompt: string, body: ChatBody, record: RecordedRequest): void {
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
    switch (fault.kind) {
      case '429':
        return void json(429, { error: { message: 'Rate limit reached', type: 'rate_limit_error' } }, { 'retry-after': fault.retryAfter ?? '0.05' });
      case '500':
        return void json(500, { error: { message: 'internal server error' } });
      case '401':
        return void json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
      case 'timeout':
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        return;
      case 'reset':
        return void req(res).destroy();
      case 'malformed':
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": "chatcmpl-1", "choices": [{"message": {"content": "B"');
      case 'empty':
        return void json(200, completion(body.model, ''));
      case 'ok': {
        const text = this.options.reply?.(prompt, body, record.attempt) ?? 'A';
        const live = !res.socket?.destroyed && !res.destroyed;
        res.on('finish', () => (record.delivered = live && !res.destroyed));
        return void json(200, completion(body.model, text, this.options.usage), this.options.headers);
      }
    }
  }
}

function req(res: ServerResponse) {
  return res.socket ?? res;
}

function completion(model: string, text: string, usage = { prompt_tokens: 100, completion_tokens: 2 }) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

/**
 * A deterministic stand-in for a sentence encoder, for `embed`: each word (lower-cased, its placeholder braces and
 * punctuation dropped) adds 1 to one of `dims` dimensions chosen by its hash. Texts sharing most words — a
 * paraphrase that keeps the content words — have a cosine near 1; unrelated texts near 0.
 */
export function hashedWordEmbedding(text: string, dims = 256): number[] {
  const vector = new Array<number>(dims).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    vector[createHash('sha256').update(word).digest().readUInt32BE(0) % dims]! += 1;
  }
  return vector;
}
