import type { FakeOpenAI } from '../test/openai-server';

/** What the bench server saw of a run's sending: requests in flight while at least a full load of questions remained. */
export interface InFlightReport {
  /** Samples taken while work remained (see `InFlightSampler`). */
  samples: number;
  min: number;
  median: number;
  /** Seconds from the first request until fewer than `TAIL` questions were left unanswered, and from then to the last. */
  bulkSeconds: number;
  tailSeconds: number;
}

/** Fewer questions than this left unanswered is the run's tail: the sender cannot keep its slots full any more. */
const TAIL = 32;
const EVERY_MS = 10;

/**
 * Samples the server's requests in flight every 10 ms. A sample counts only while work remains (at least `TAIL`
 * questions not yet answered, questions waiting out a Retry-After included), so the tail of a run, where in-flight must
 * fall, does not hide a drop in the middle; the tail's length is reported on its own.
 */
export class InFlightSampler {
  private readonly inFlight: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private first = 0;
  private bulkEnd = 0;
  private last = 0;
  /** Requests seen so far, answered prompts, and the `ok` requests whose reply has not been delivered yet. */
  private seen = 0;
  private readonly answered = new Set<string>();
  private pending: FakeOpenAI['requests'] = [];

  constructor(private readonly server: FakeOpenAI, private readonly questions: number) {}

  start(): void {
    this.timer = setInterval(() => this.sample(), EVERY_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private sample(): void {
    const requests = this.server.requests.length;
    if (requests === 0) return;
    const now = performance.now();
    this.first ||= now;
    const answered = this.answeredNow();
    if (answered < this.questions) this.last = now;
    if (this.questions - answered >= TAIL) {
      this.inFlight.push(this.server.inFlight);
      this.bulkEnd = now;
    }
  }

  /** Counted incrementally: the server keeps every request, and scanning them all each 10 ms would load its process. */
  private answeredNow(): number {
    const requests = this.server.requests;
    for (; this.seen < requests.length; this.seen++) if (requests[this.seen]!.fault === 'ok') this.pending.push(requests[this.seen]!);
    this.pending = this.pending.filter((r) => {
      if (r.delivered) this.answered.add(r.key);
      return !r.delivered;
    });
    return this.answered.size;
  }

  report(): InFlightReport {
    const sorted = [...this.inFlight].sort((a, b) => a - b);
    return {
      samples: sorted.length, min: sorted[0] ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0,
      bulkSeconds: (this.bulkEnd - this.first) / 1000, tailSeconds: (this.last - this.bulkEnd) / 1000,
    };
  }
}
