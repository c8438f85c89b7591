import { describe, expect, it } from 'vitest';
import { DraftMachine, classifyCallError, type Timers } from './versioned-draft';

/** Timers driven by the test: time moves only when `advance` says so, so nothing depends on the machine's speed. */
function manualTimers() {
  let now = 0;
  let next = 0;
  const pending = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    set: (run, ms) => { pending.set(++next, { at: now + ms, run }); return next; },
    clear: (handle) => { pending.delete(handle as number); },
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const [id, t] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at > now) continue;
      pending.delete(id);
      t.run();
    }
    await Promise.resolve();
  };
  return { timers, advance, waiting: () => pending.size };
}

/** A server whose answers the test holds and releases one by one, recording what each save sent. */
function heldServer() {
  const sent: { key: string; draft: string; base: number }[] = [];
  const answers: { ok(version: number): void; fail(error: unknown): void }[] = [];
  const save = (key: string, draft: string, base: number) => new Promise<number>((ok, fail) => {
    sent.push({ key, draft, base });
    answers.push({ ok, fail });
  });
  /** Waits until the n-th save has been sent (a condition, not a time). */
  const sentCount = async (n: number) => { while (sent.length < n) await new Promise((r) => setImmediate(r)); };
  return { save, sent, answers, sentCount };
}

const offline = Object.assign(new Error('The studio server cannot be reached right now.'), { unreachable: true });
const stale = Object.assign(new Error('Someone else saved this first.'), { code: 'conflict' });

function machine(autosave = true) {
  const clock = manualTimers();
  const server = heldServer();
  const draft = new DraftMachine<string>({
    save: server.save, classify: classifyCallError, debounceMs: 800, retryDelay: (n) => 1000 * 2 ** n, timers: clock.timers, autosave,
  });
  return { clock, server, draft };
}

describe('the versioned draft machine', () => {
  it('saves once after the pause, on the loaded base, and moves the base to the stored version', async () => {
    const { clock, server, draft } = machine();
    draft.load('item:1', 'a', 4);
    draft.edit('ab');
    draft.edit('abc');
    await clock.advance(799);
    expect(server.sent).toEqual([]);
    expect(draft.snapshot.status).toBe('dirty');
    await clock.advance(1);
    await server.sentCount(1);
    expect(server.sent).toEqual([{ key: 'item:1', draft: 'abc', base: 4 }]);
    expect(draft.snapshot).toMatchObject({ status: 'saving', sent: 'abc' });
    server.answers[0]!.ok(5);
    await draft.settled();
    expect(draft.snapshot).toMatchObject({ status: 'saved', version: 5, dirty: false, sent: null });
  });

  it('keeps one save in flight: a change during it is sent after it, on the version it returned', async () => {
    const { clock, server, draft } = machine();
    draft.load('item:1', '', 1);
    draft.edit('x');
    await clock.advance(800);
    await server.sentCount(1);
    draft.edit('xy');
    await clock.advance(800);
    expect(server.sent).toHaveLength(1);
    server.answers[0]!.ok(2);
    await server.sentCount(2);
    expect(server.sent[1]).toEqual({ key: 'item:1', draft: 'xy', base: 2 });
    server.answers[1]!.ok(3);
    await draft.settled();
    expect(draft.snapshot).toMatchObject({ status: 'saved', version: 3 });
  });

  it('retries on its own while the server is away, waiting longer each time, and keeps the text meanwhile', async () => {
    const { clock, server, draft } = machine();
    draft.load('item:1', '', 1);
    draft.edit('kept');
    void draft.flush();
    await server.sentCount(1);
    server.answers[0]!.fail(offline);
    await draft.settled();
    expect(draft.snapshot).toMatchObject({ status: 'offline', dirty: true, draft: 'kept', error: null });
    expect(draft.unsent()).toBe(true);
    await clock.advance(999);
    expect(server.sent).toHaveLength(1);
    await clock.advance(1);
    await server.sentCount(2);
    server.answers[1]!.fail(offline);
    await draft.settled();
    await clock.advance(1999);
    expect(server.sent).toHaveLength(2);
    await clock.advance(1);
    await server.sentCount(3);
    server.answers[2]!.ok(2);
    await draft.settled();
    expect(draft.snapshot).toMatchObject({ status: 'saved', version: 2, dirty: false });
  });

  it('keeps a refused save as a conflict: the text stays, autosave stops, and either side can be kept', async () => {
    const { clock, server, draft } = machine();
    draft.load('item:1', 'base', 3);
    draft.edit('mine');
    void draft.flush();
    await server.sentCount(1);
    server.answers[0]!.fail(stale);
    await draft.settled();
    expect(draft.snapshot).toMatchObject({ status: 'conflict', draft: 'mine', conflict: { mine: 'mine', message: stale.message } });
    draft.edit('mine, more');
    await clock.advance(10_000);
    await draft.flush();
    expect(server.sent).toHaveLength(1);
    expect(draft.snapshot.conflict?.mine).toBe('mine, more');
    // Keeping mine saves it on top of the newest stored version.
    const keeping = draft.resolve('mine', { draft: 'theirs', version: 4 });
    await server.sentCount(2);
    expect(server.sent[1]).toEqual({ key: 'item:1', draft: 'mine, more', base: 4 });
    server.answers[1]!.ok(5);
    await keeping;
    expect(draft.snapshot).toMatchObject({ status: 'saved', version: 5, conflict: null });
  });

  it('takes theirs on request, and shows any other refusal as an error that the next change retries', async () => {
    const { clock, server, draft } = machine();
    draft.load('item:1', 'base', 3);
    draft.edit('mine');
    void draft.flush();
    await server.sentCount(1);
    server.answers[0]!.fail(stale);
    await draft.settled();
    await draft.resolve('theirs', { draft: 'theirs', version: 4 });
    expect(draft.snapshot).toMatchObject({ status: 'saved', draft: 'theirs', version: 4, dirty: false, conflict: null });
    draft.edit('again');
    await clock.advance(800);
    await server.sentCount(2);
    server.answers[1]!.fail(Object.assign(new Error('Too long.'), { code: 'invalid_input' }));
    await draft.settled();
    expect(draft.snapshot).toMatchObject({ status: 'error', error: 'Too long.', conflict: null, dirty: true });
    draft.edit('again, shorter');
    await clock.advance(800);
    await server.sentCount(3);
    expect(server.sent[2]).toEqual({ key: 'item:1', draft: 'again, shorter', base: 4 });
  });

  it('never lands a late answer on another document, and saves text kept on this computer at once', async () => {
    const { clock, server, draft } = machine();
    draft.load('item:1', '', 1);
    draft.edit('one');
    void draft.flush();
    await server.sentCount(1);
    draft.load('item:2', 'kept locally', 7, true);
    server.answers[0]!.ok(2);
    await draft.settled();
    expect(draft.snapshot).toMatchObject({ key: 'item:2', version: 7, draft: 'kept locally' });
    await clock.advance(0);
    await server.sentCount(2);
    expect(server.sent[1]).toEqual({ key: 'item:2', draft: 'kept locally', base: 7 });
  });

  it('with autosave off (guidelines), saves only when asked, then retries while offline and keeps a refused save', async () => {
    const { clock, server, draft } = machine(false);
    draft.load('guidelines:3', 'v2 text', 2);
    draft.edit('v3 text');
    await clock.advance(60_000);
    expect(server.sent).toEqual([]);
    expect(draft.snapshot).toMatchObject({ status: 'dirty', dirty: true });
    void draft.flush();
    await server.sentCount(1);
    server.answers[0]!.fail(offline);
    await draft.settled();
    expect(draft.snapshot).toMatchObject({ status: 'offline', draft: 'v3 text' });
    await clock.advance(1000);
    await server.sentCount(2);
    server.answers[1]!.fail(stale);
    await draft.settled();
    expect(draft.snapshot).toMatchObject({ status: 'conflict', conflict: { mine: 'v3 text' } });
    const keeping = draft.resolve('mine', { draft: 'their v3', version: 3 });
    await server.sentCount(3);
    expect(server.sent[2]).toEqual({ key: 'guidelines:3', draft: 'v3 text', base: 3 });
    server.answers[2]!.ok(4);
    await keeping;
    expect(draft.snapshot).toMatchObject({ status: 'saved', version: 4, dirty: false });
  });
});
