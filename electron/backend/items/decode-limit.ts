/**
 * A counting semaphore for image decoding: each decode holds width × height × 4 bytes while it runs, so however many
 * people ask at once, only `slots` images are decoded at a time and the rest wait their turn.
 */
export class DecodeLimit {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** Decodes begun since start (benches and tests read it). */
  started = 0;

  constructor(private readonly slots: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    this.started++;
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next waiter, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** Two decodes at a time: a thumbnail page stays quick, and two budget-sized images (2 × 200 MB) fit any server. */
export const imageDecodes = new DecodeLimit(2);
