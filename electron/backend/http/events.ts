import type { ServerResponse } from 'node:http';
import type { EventBus } from '../events';

const HEARTBEAT_MS = 15_000;

/** Streams backend events to one browser tab as Server-Sent Events until it disconnects. */
export function streamEvents(res: ServerResponse, events: EventBus): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(': connected\n\n');
  const off = events.on((event) => res.write(`data: ${JSON.stringify(event)}\n\n`));
  const beat = setInterval(() => res.write(': beat\n\n'), HEARTBEAT_MS);
  res.on('close', () => {
    off();
    clearInterval(beat);
  });
}
