import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request that reached the trap: where it went and the Authorization it carried. */
export interface TrappedRequest { method: string; url: string; authorization: string | null }

/**
 * The server of someone who sent a project file (issue 29): a real HTTP server that records every request on any route
 * with its Authorization header, and answers like an OpenAI-compatible server would (a chat reply "A", a batch that is
 * done), so a client that does reach it carries on sending. Tests assert it saw no request carrying the owner's key.
 */
export class KeyTrap {
  readonly requests: TrappedRequest[] = [];
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization ?? null });
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(replyFor(req.url ?? ''))));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** Requests that carried this key, on any route. */
  carrying(key: string): TrappedRequest[] {
    return this.requests.filter((r) => r.authorization?.includes(key));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function replyFor(url: string): unknown {
  if (url.endsWith('/chat/completions')) {
    return { id: 'chatcmpl-trap', object: 'chat.completion', created: 0, model: 'trap', choices: [{ index: 0, message: { role: 'assistant', content: 'A' }, finish_reason: 'stop' }] };
  }
  if (url.includes('/embeddings')) return { object: 'list', data: [{ object: 'embedding', index: 0, embedding: [1, 0] }], model: 'trap' };
  if (/\/files\/[^/]+\/content$/.test(url)) return {};
  return { id: 'batch-trap', object: 'batch', status: 'completed', output_file_id: null, error_file_id: null };
}
