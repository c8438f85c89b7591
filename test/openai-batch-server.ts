import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatBody } from './openai-server';

interface BatchRecord {
  id: string; inputFileId: string; status: string; outputFileId: string | null; errorFileId: string | null;
  errors: { code: string; message: string }[];
}

/**
 * How the provider ends a batch that is not `completed`: only the first `answered` requests get an output line;
 * `expired` puts a `batch_expired` line for each of the rest in the error file (as OpenAI does), `failed` writes no
 * file at all and gives its reason in the batch's `errors`, `cancelled` leaves the rest without any line.
 */
export interface BatchEnding { status: 'expired' | 'failed' | 'cancelled'; answered: number; reason: string }

/**
 * A real HTTP server speaking OpenAI's files + batches protocol, for tests only: uploads are multipart JSONL, a batch
 * stays `in_progress` while the test holds it, and on release every line is answered by the test's reply function
 * (lines it marks as failing land in the error file). Every request is counted so a test can prove nothing was sent twice.
 */
export class FakeBatchAPI {
  readonly uploads: string[] = [];
  readonly created: BatchRecord[] = [];
  polls = 0;
  /** Output lines of the requests whose prompt this picks arrive garbled: a raw control character inside a string. */
  garble: (prompt: string) => boolean = () => false;
  /** How the next batches end; null: `completed` with every request answered. */
  ending: BatchEnding | null = null;
  private held = true;
  private readonly files = new Map<string, string>();
  private server: Server | null = null;
  private next = 0;

  constructor(private readonly reply: (prompt: string, body: ChatBody) => string | null) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Lets every held batch finish at its next poll. */
  release(): void {
    this.held = false;
  }

  /** Holds batches created from now on (and unfinished ones) in `in_progress` again. */
  hold(): void {
    this.held = true;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const url = req.url ?? '';
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    if (req.method === 'POST' && url.endsWith('/files')) {
      // Multipart parsing by the platform's own Request, as a real server would.
      const form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
      const file = form.get('file');
      if (form.get('purpose') !== 'batch' || !(file instanceof Blob)) return void json(400, { error: { message: 'purpose must be batch with a file' } });
      const id = `file-${++this.next}`;
      const text = await file.text();
      this.files.set(id, text);
      this.uploads.push(text);
      return void json(200, { id, object: 'file', bytes: text.length, created_at: 0, filename: 'batch.jsonl', purpose: 'batch', status: 'processed' });
    }
    if (req.method === 'POST' && url.endsWith('/batches')) {
      const body = JSON.parse(raw.toString('utf8')) as { input_file_id: string; endpoint: string; completion_window: string };
      if (!this.files.has(body.input_file_id) || body.endpoint !== '/v1/chat/completions' || body.completion_window !== '24h') return void json(400, { error: { message: 'bad batch' } });
      const batch: BatchRecord = { id: `batch-${++this.next}`, inputFileId: body.input_file_id, status: 'in_progress', outputFileId: null, errorFileId: null, errors: [] };
      this.created.push(batch);
      return void json(200, this.view(batch));
    }
    const content = /\/files\/([^/]+)\/content$/.exec(url);
    if (req.method === 'GET' && content && this.files.has(content[1]!)) return void res.writeHead(200, { 'content-type': 'application/jsonl' }).end(this.files.get(content[1]!));
    const poll = /\/batches\/([^/]+)$/.exec(url);
    const batch = poll ? this.created.find((b) => b.id === poll[1]) : undefined;
    if (req.method === 'GET' && batch) {
      this.polls++;
      if (!this.held && batch.status === 'in_progress') this.finish(batch);
      return void json(200, this.view(batch));
    }
    json(404, { error: { message: `not found: ${req.method} ${url}` } });
  }

  /** Answers each input line: a reply lands in the output file, a null reply in the error file; `ending` cuts it short. */
  private finish(batch: BatchRecord): void {
    const ending = this.ending;
    if (ending?.status === 'failed') {
      batch.status = 'failed';
      batch.errors = [{ code: 'invalid_request', message: ending.reason }];
      return;
    }
    const out: string[] = [];
    const errors: string[] = [];
    for (const [index, line] of this.files.get(batch.inputFileId)!.split('\n').filter(Boolean).entries()) {
      const request = JSON.parse(line) as { custom_id: string; body: ChatBody };
      if (ending && index >= ending.answered) {
        if (ending.status === 'expired') {
          errors.push(JSON.stringify({ id: `req-${++this.next}`, custom_id: request.custom_id, response: null,
            error: { code: 'batch_expired', message: 'This request could not be executed before the completion window expired.' } }));
        }
        continue;
      }
      const content = request.body.messages.at(-1)?.content ?? '';
      const prompt = (typeof content === 'string' ? [content] : content.flatMap((p) => (p.type === 'text' ? [p.text] : []))).join('\n');
      const text = this.reply(prompt, request.body);
      if (text === null) {
        errors.push(JSON.stringify({ id: `req-${++this.next}`, custom_id: request.custom_id, response: { status_code: 400, body: { error: { message: 'refused' } } }, error: null }));
        continue;
      }
      const body = { id: `chatcmpl-${this.next}`, object: 'chat.completion', model: request.body.model, choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage: { prompt_tokens: 100, completion_tokens: 2, total_tokens: 102 } };
      const written = JSON.stringify({ id: `req-${++this.next}`, custom_id: request.custom_id, response: { status_code: 200, request_id: 'r', body }, error: null });
      // A raw control character inside a JSON string: JSON.parse refuses the line ("Bad control character in string literal").
      out.push(this.garble(prompt) ? written.replace('"object":"chat.completion"', '"object":"chat.\u0001completion"') : written);
    }
    batch.outputFileId = `file-${++this.next}`;
    this.files.set(batch.outputFileId, out.join('\n') + '\n');
    if (errors.length) this.files.set((batch.errorFileId = `file-${++this.next}`), errors.join('\n') + '\n');
    batch.status = ending?.status ?? 'completed';
    if (ending) batch.errors = [{ code: `batch_${ending.status}`, message: ending.reason }];
  }

  private view(b: BatchRecord) {
    return {
      id: b.id, object: 'batch', endpoint: '/v1/chat/completions', input_file_id: b.inputFileId, completion_window: '24h', status: b.status,
      output_file_id: b.outputFileId, error_file_id: b.errorFileId, created_at: 0,
      ...(b.errors.length ? { errors: { object: 'list', data: b.errors } } : {}),
    };
  }
}
