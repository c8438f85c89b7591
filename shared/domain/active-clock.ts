/** A person who has not typed, clicked or scrolled for this long is away: their clock stops until they come back. */
export const IDLE_MS = 60_000;

/**
 * Measures active time on a form: time counts only while the page is visible and the person acted within the last
 * `idleMs` (so a form left open over lunch counts one idle minute at most, not the hour). Time is given in
 * milliseconds by the caller, so tests drive it without a real clock.
 */
export class ActiveClock {
  private visible: boolean;
  private lastActivity: number;
  private countedUntil: number;
  private accrued = 0;

  constructor(now: number, visible: boolean, private readonly idleMs = IDLE_MS) {
    this.visible = visible;
    this.lastActivity = now;
    this.countedUntil = now;
  }

  /** The person typed, clicked, scrolled or moved the pointer. */
  activity(now: number): void {
    this.settle(now);
    this.lastActivity = Math.max(this.lastActivity, now);
  }

  /** The page was hidden or shown again; showing it counts as coming back. */
  visibility(visible: boolean, now: number): void {
    this.settle(now);
    this.visible = visible;
    if (visible) this.lastActivity = Math.max(this.lastActivity, now);
  }

  /** The active milliseconds accrued since the last `take`, which starts a new count. */
  take(now: number): number {
    this.settle(now);
    const ms = this.accrued;
    this.accrued = 0;
    return ms;
  }

  /** Adds the active part of [countedUntil, now]: visible, and no later than idleMs after the last activity. */
  private settle(now: number): void {
    if (now <= this.countedUntil) return;
    if (this.visible) {
      const end = Math.min(now, this.lastActivity + this.idleMs);
      if (end > this.countedUntil) this.accrued += end - this.countedUntil;
    }
    this.countedUntil = now;
  }
}
