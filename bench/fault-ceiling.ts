/**
 * The best any client could do with the faults a bench server dealt: an ideal sender that costs no CPU, keeps every
 * slot busy, asks retries before fresh questions, and waits exactly what it must. Each question's chain of attempts is
 * what the server answered it, in order ('ok', '429', '500', 'reset'); the chains are the same whoever sends them,
 * because the server draws a fault from the prompt and the attempt's number.
 *
 * Why: the fault bench's ratio has a ceiling that no engine can pass while it honours a 429's Retry-After. A question
 * told to wait a second near the end of the run keeps the run open for that second, whatever the scheduler does. This
 * prints that ceiling beside the measured ratio, so the figure is read against what is possible.
 */
export interface IdealClient {
  concurrency: number;
  /** How long every attempt takes at the server (its reply delay). */
  attemptMs: number;
  /** The wait a 429 imposes on its request (the server's Retry-After). */
  retryAfterMs: number;
  /** The wait after a 500 or a dropped connection (0: at once). */
  failureWaitMs: number;
}

interface Waiting { chain: readonly string[]; next: number; readyAt: number }

/** Milliseconds until every chain has ended, sending as the ideal client would. */
export function idealMilliseconds(chains: readonly (readonly string[])[], client: IdealClient): number {
  const fresh = chains.map((chain): Waiting => ({ chain, next: 0, readyAt: 0 }));
  const retries: Waiting[] = [];
  let busy: { job: Waiting; until: number }[] = [];
  let now = 0;
  let end = 0;
  while (fresh.length + retries.length + busy.length > 0) {
    fillSlots(busy, retries, fresh, now, client);
    const nextEnd = Math.min(...busy.map((b) => b.until));
    const nextReady = busy.length < client.concurrency ? Math.min(...retries.map((r) => r.readyAt)) : Infinity;
    now = Math.min(nextEnd, nextReady);
    const finished = busy.filter((b) => b.until <= now);
    busy = busy.filter((b) => b.until > now);
    for (const { job } of finished) {
      const outcome = job.chain[job.next++]!;
      if (job.next >= job.chain.length) {
        end = Math.max(end, now);
        continue;
      }
      job.readyAt = now + (outcome === '429' ? client.retryAfterMs : client.failureWaitMs);
      retries.push(job);
    }
  }
  return end;
}

/** Starts attempts while a slot is free: a retry whose wait is over first, else the next fresh question. */
function fillSlots(busy: { job: Waiting; until: number }[], retries: Waiting[], fresh: Waiting[], now: number, client: IdealClient): void {
  while (busy.length < client.concurrency) {
    const due = retries.findIndex((r) => r.readyAt <= now);
    const job = due >= 0 ? retries.splice(due, 1)[0] : fresh.shift();
    if (!job) return;
    busy.push({ job, until: now + client.attemptMs });
  }
}
