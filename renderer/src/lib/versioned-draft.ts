// One answer to "autosave a document the server versions" (issue 31), shared by triplets, guidelines and scenes: a
// base version, a pause before saving, one save in flight, retries while the server is away, and a refused save
// kept as a conflict (the local text stays, autosave stops) until the person settles it. Plain TypeScript with the
// network and the timers passed in, so it is tested without a browser or a clock that really waits.

/** What the form shows about its document. `conflict`: someone else saved first; nothing is sent until it is settled. */
export type DraftStatus = 'saved' | 'dirty' | 'saving' | 'offline' | 'error' | 'conflict';

export interface DraftConflict<D> {
  message: string;
  /** The local text when the save was refused (and everything typed since). */
  mine: D;
}

export interface DraftSnapshot<D> {
  /** What the document is (item id, dataset id…): a save for another key never lands on this one. */
  key: string | null;
  draft: D | null;
  /** The stored version the next save names as its base. */
  version: number;
  status: DraftStatus;
  error: string | null;
  conflict: DraftConflict<D> | null;
  /** The text of a save sent and not yet answered: it may have landed without us hearing (kept for a reload). */
  sent: D | null;
  dirty: boolean;
}

/** Why a save failed: the server was not reached (retry later), refused a stale base (conflict), or anything else. */
export type SaveFailure = 'offline' | 'conflict' | 'error';

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface DraftMachineOptions<D> {
  /** Sends one save of `draft` on `baseVersion` for `key`; resolves with the version now stored. */
  save(key: string, draft: D, baseVersion: number): Promise<number>;
  /** Sorts a failed save's error (by its code and whether the server answered). */
  classify(error: unknown): SaveFailure;
  /** The pause after the last change before saving. */
  debounceMs: number;
  /**
   * false: nothing is saved until `flush()` is called (a person presses Save). Guidelines are saved so, since every
   * save is a version readers see; the base, one save in flight, offline retries and kept conflicts are the same.
   */
  autosave?: boolean;
  /** The wait before the n-th retry while the server is away. */
  retryDelay(attempt: number): number;
  timers: Timers;
}

export const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The usual sorting of an API error: `unreachable` means offline, code `conflict` a stale base. */
export function classifyCallError(error: unknown): SaveFailure {
  if (typeof error === 'object' && error !== null) {
    if ('unreachable' in error && error.unreachable === true) return 'offline';
    if ('code' in error && error.code === 'conflict') return 'conflict';
  }
  return 'error';
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class DraftMachine<D> {
  private state: DraftSnapshot<D> = { key: null, draft: null, version: 0, status: 'saved', error: null, conflict: null, sent: null, dirty: false };
  private readonly listeners = new Set<(s: DraftSnapshot<D>) => void>();
  private timer: unknown = null;
  private inFlight: Promise<void> | null = null;
  private attempts = 0;

  constructor(private readonly options: DraftMachineOptions<D>) {}

  get snapshot(): DraftSnapshot<D> {
    return this.state;
  }

  subscribe(listener: (s: DraftSnapshot<D>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens a document at a stored version; `unsaved` (text kept on this computer) is saved on its own at once. */
  load(key: string, draft: D, version: number, unsaved = false): void {
    this.cancelTimer();
    this.attempts = 0;
    this.set({ key, draft, version, status: unsaved ? 'dirty' : 'saved', error: null, conflict: null, sent: null, dirty: unsaved });
    if (unsaved && this.autosave) this.schedule(0);
  }

  /** A change by the person: kept at once, saved after the pause (not while a conflict waits to be settled). */
  edit(draft: D): void {
    const { status, conflict } = this.state;
    if (conflict) {
      this.set({ draft, dirty: true, conflict: { ...conflict, mine: draft } });
      return;
    }
    this.set({ draft, dirty: true, status: status === 'offline' ? 'offline' : 'dirty' });
    if (this.autosave) this.schedule(this.options.debounceMs);
  }

  private get autosave(): boolean {
    return this.options.autosave ?? true;
  }

  /** Saves whatever is unsaved now and waits for it (before moving on, on Ctrl+S); nothing while a conflict waits. */
  async flush(): Promise<void> {
    this.cancelTimer();
    await this.persist();
  }

  /** Resolves when no save is in flight. */
  async settled(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  /**
   * Settles a conflict against the newest stored copy: `theirs` takes it, `mine` saves the local text (or a merge)
   * on top of it, so theirs stays in the history.
   */
  async resolve(keep: 'mine' | 'theirs', theirs: { draft: D; version: number }, merged?: D): Promise<void> {
    this.cancelTimer();
    await this.settled();
    const mine = merged ?? this.state.draft ?? theirs.draft;
    if (keep === 'theirs') this.set({ draft: theirs.draft, version: theirs.version, status: 'saved', dirty: false, conflict: null, error: null });
    else this.set({ draft: mine, version: theirs.version, status: 'dirty', dirty: true, conflict: null, error: null });
    if (keep === 'mine') await this.persist();
  }

  /** A save the caller made itself (a submit that also saves): the base moves on, nothing is left unsaved. */
  savedElsewhere(version: number): void {
    this.cancelTimer();
    this.set({ version, dirty: false, status: 'saved', error: null });
  }

  /** Whether anything typed is not known to be stored (for leave guards and the local copy). */
  unsent(): boolean {
    return this.state.dirty || this.state.sent !== null;
  }

  dispose(): void {
    this.cancelTimer();
    this.listeners.clear();
  }

  private async persist(): Promise<void> {
    await this.settled();
    const { key, draft, version, dirty, conflict } = this.state;
    if (!dirty || conflict || key === null || draft === null) return;
    this.set({ dirty: false, sent: draft, status: 'saving' });
    const run = this.options.save(key, draft, version).then(
      (stored) => this.landed(key, stored),
      (error: unknown) => this.refused(key, draft, error),
    );
    this.inFlight = run;
    await run;
    this.inFlight = null;
  }

  private landed(key: string, stored: number): void {
    if (this.state.key !== key) return;
    this.attempts = 0;
    this.set({ version: stored, sent: null, status: this.state.dirty ? 'dirty' : 'saved', error: null });
    // Changes made while the save was in flight wait for their own pause, already scheduled by `edit`.
  }

  private refused(key: string, sent: D, error: unknown): void {
    if (this.state.key !== key) return;
    const failure = this.options.classify(error);
    const message = messageOf(error);
    if (failure === 'offline') {
      this.set({ dirty: true, sent: null, status: 'offline', error: null });
      this.schedule(this.options.retryDelay(this.attempts++));
      return;
    }
    const conflict = failure === 'conflict' ? { message, mine: this.state.draft ?? sent } : null;
    this.set({ dirty: true, sent: null, status: conflict ? 'conflict' : 'error', error: message, conflict });
  }

  private schedule(ms: number): void {
    this.cancelTimer();
    this.timer = this.options.timers.set(() => {
      this.timer = null;
      void this.persist();
    }, ms);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.options.timers.clear(this.timer);
    this.timer = null;
  }

  private set(patch: Partial<DraftSnapshot<D>>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }
}
