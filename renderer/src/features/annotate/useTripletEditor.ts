import { useCallback, useEffect, useRef, useState } from 'react';
import type { TimeDelta, Triplet, TripletDraft } from '@shared/contract';
import { call, CallError } from '../../api/call';
import { queryClient, write } from '../../api/queries';
import { clearLocalDraft, localDraftKey, readLocalDraft, reconcileLocalDraft, writeLocalDraft } from './local-drafts';
import { keepsWorkingCopy, retryDelay } from './save-retry';
import { useLeaveGuards } from './useLeaveGuards';
import { useWorkClock } from '../workflow/useWorkClock';

const AUTOSAVE_MS = 800;

export interface Conflict {
  message: string;
  mine: TripletDraft;
}

export type SaveState = 'saved' | 'dirty' | 'saving' | 'offline' | 'error';

interface Base { itemId: number; version: number }

/** The working copy behind the form, kept in one ref: saves read and write it between renders. */
interface Working {
  base: Base | null;
  latest: TripletDraft | null;
  sent: TripletDraft | null;
  key: string | null;
  dirty: boolean;
  inFlight: Promise<void> | null;
  timer: ReturnType<typeof setTimeout> | null;
  attempts: number;
}

/** What the form shows: the text, the save state and what went wrong. */
function useEditorView() {
  const [draft, setDraft] = useState<TripletDraft | null>(null);
  const [state, setState] = useState<SaveState>('saved');
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  return { draft, setDraft, state, setState, error, setError, conflict, setConflict };
}

type EditorView = ReturnType<typeof useEditorView>;
type Clock = ReturnType<typeof useWorkClock>;

/** The working copy, mirrored to the browser's storage while anything is unsaved, and the one autosave timer. */
function useWorkingCopy() {
  const w = useRef<Working>({ base: null, latest: null, sent: null, key: null, dirty: false, inFlight: null, timer: null, attempts: 0 }).current;
  const remember = useCallback(() => {
    if (!w.key || !w.latest || !w.base) return;
    if (w.dirty || w.sent) writeLocalDraft(localStorage, w.key, { draft: w.latest, baseVersion: w.base.version, sent: w.sent });
    else clearLocalDraft(localStorage, w.key);
  }, []);
  const schedule = useCallback((ms: number, run: () => void) => {
    if (w.timer) clearTimeout(w.timer);
    w.timer = setTimeout(run, ms);
  }, []);
  useEffect(() => () => { if (w.timer) clearTimeout(w.timer); }, []);
  return { w, remember, schedule };
}

type WorkingCopy = ReturnType<typeof useWorkingCopy>;

/** One save at a time, each based on the version the last returned; retried while the server is away. */
function usePersist({ w, remember, schedule }: WorkingCopy, clock: { current: Clock }, view: EditorView) {
  const { setState, setError, setConflict } = view;
  const persist = useCallback(async (): Promise<void> => {
    while (w.inFlight) await w.inFlight;
    if (!w.dirty || !w.base || !w.latest) return;
    const target = w.base;
    w.sent = w.latest;
    w.dirty = false;
    setState('saving');
    const time = clock.current.take(target.itemId);
    const run = saveOnce(target, w.sent, time).then((outcome) => {
      if (outcome.ok) {
        clock.current.ack(target.itemId, time);
        if (w.base?.itemId === target.itemId) w.base = { itemId: target.itemId, version: outcome.version };
        w.attempts = 0;
        w.sent = null;
        remember();
        setState(w.dirty ? 'dirty' : 'saved');
        setError(null);
        return;
      }
      w.dirty = true;
      w.sent = null;
      remember();
      if (outcome.error.unreachable) {
        setState('offline');
        schedule(retryDelay(w.attempts++), () => void persist());
        return;
      }
      if (outcome.error.code === 'conflict') setConflict({ message: outcome.error.message, mine: w.latest ?? outcome.mine });
      setError(outcome.error.message);
      setState('error');
    });
    w.inFlight = run;
    await run;
    w.inFlight = null;
  }, [remember, schedule]);
  return persist;
}

/**
 * Adopts the server's copy when the item changes (or the text kept on this computer, if it is newer), or when the
 * server moved on and nothing local is unsaved.
 */
function useAdoptTriplet(triplet: Triplet | undefined, scope: string | null, copy: WorkingCopy, persist: () => Promise<void>, view: EditorView) {
  const { w, schedule } = copy;
  useEffect(() => {
    if (!triplet) return;
    if (keepsWorkingCopy(w.base, w.dirty, triplet)) return;
    w.key = scope ? localDraftKey(scope, triplet.itemId) : null;
    const kept = w.key && triplet.can.edit ? reconcileLocalDraft(readLocalDraft(localStorage, w.key), triplet) : { action: 'none' as const };
    const adopted = kept.action === 'adopt';
    w.base = { itemId: triplet.itemId, version: adopted ? kept.baseVersion : triplet.version };
    w.latest = adopted ? kept.draft : triplet.draft;
    w.dirty = adopted;
    w.sent = null;
    w.attempts = 0;
    if (!adopted && w.key && triplet.can.edit) clearLocalDraft(localStorage, w.key);
    view.setDraft(w.latest);
    view.setState(adopted ? 'dirty' : 'saved');
    view.setConflict(null);
    view.setError(null);
    if (adopted) schedule(0, () => void persist());
  }, [triplet, scope, persist, schedule]);
}

/** Saves before the page hides or unloads, and retries when the connection comes back. */
function useGuardedLeave({ w }: WorkingCopy, clock: { current: Clock }, conflict: Conflict | null, persist: () => Promise<void>, flush: () => Promise<void>) {
  useLeaveGuards({
    unsent: () => w.dirty || w.sent !== null,
    flush: () => void flush(),
    sendNow: () => {
      if (!conflict && w.dirty && w.base && w.latest) {
        // The delta stays unacknowledged: if this save landed, the next one re-sends it and the server ignores it.
        return { itemId: w.base.itemId, baseVersion: w.base.version, draft: w.latest, time: clock.current.take(w.base.itemId) };
      }
      return null;
    },
    retry: () => { if (w.dirty && !conflict) void persist(); },
  });
}

/**
 * The annotator's working copy of one triplet. Every keystroke is written to the browser's storage at once (so a
 * reload or a crash loses nothing, and the text comes back on reload); it is sent after a pause, when the page hides
 * or unloads, and again on its own while the server is away. One save at a time, each based on the version the last
 * one returned. A refused save (someone else saved first) stops autosaving and keeps the local text for merging.
 * `scope` names the project and person, so one machine keeps separate texts for each.
 */
export function useTripletEditor(triplet: Triplet | undefined, scope: string | null) {
  const view = useEditorView();
  const { conflict } = view;
  const copy = useWorkingCopy();
  const { w, remember, schedule } = copy;
  // Active time rides on saves; only an editable item is timed (reading a locked one is not work on it).
  const workClock = useWorkClock(triplet?.itemId ?? null, 'annotate', triplet?.can.edit ? scope : null);
  const clock = useRef(workClock);
  clock.current = workClock;
  const persist = usePersist(copy, clock, view);
  useAdoptTriplet(triplet, scope, copy, persist, view);

  const change = useCallback((next: TripletDraft) => {
    w.latest = next;
    w.dirty = true;
    remember();
    view.setDraft(next);
    view.setState((s) => (s === 'offline' ? s : 'dirty'));
    if (!conflict) schedule(AUTOSAVE_MS, () => void persist());
  }, [persist, conflict, remember, schedule]);

  /** Saves whatever is unsaved now (before moving on, on Ctrl+S, when the page is hidden). */
  const flush = useCallback(async () => {
    if (w.timer) clearTimeout(w.timer);
    if (!conflict) await persist();
  }, [persist, conflict]);

  useGuardedLeave(copy, clock, conflict, persist, flush);
  const { submit, resolve } = useSubmitAndResolve(copy, clock, view, persist, flush);
  return { draft: view.draft, change, flush, submit, resolve, state: view.state, error: view.error, conflict, version: w.base?.version ?? null };
}

/** Submitting the triplet for review, and settling a conflict one way or the other. */
function useSubmitAndResolve({ w, remember }: WorkingCopy, clock: { current: Clock }, view: EditorView, persist: () => Promise<void>,
  flush: () => Promise<void>) {
  const submit = useCallback(async () => {
    await flush();
    if (!w.base || !w.latest) return null;
    const time = clock.current.take(w.base.itemId);
    const saved = await write('triplets.submit', { itemId: w.base.itemId, baseVersion: w.base.version, draft: w.latest, time });
    clock.current.ack(w.base.itemId, time);
    w.base = { ...w.base, version: saved.version };
    w.dirty = false;
    remember();
    view.setState('saved');
    return saved;
  }, [flush, remember]);

  /** Resolves a conflict: `mine` saves the local text on top of the newest version, `theirs` drops it for theirs. */
  const resolve = useCallback(async (keep: 'mine' | 'theirs', merged?: TripletDraft) => {
    if (!w.base) return;
    const itemId = w.base.itemId;
    const fresh = await queryClient.fetchQuery({ queryKey: ['triplets.get', { itemId }], queryFn: () => call('triplets.get', { itemId }) });
    w.base = { itemId: fresh.itemId, version: fresh.version };
    view.setConflict(null);
    view.setError(null);
    w.latest = keep === 'theirs' ? fresh.draft : merged ?? w.latest;
    w.dirty = keep === 'mine';
    remember();
    view.setDraft(w.latest);
    if (keep === 'theirs') view.setState('saved');
    else await persist();
  }, [persist, remember]);
  return { submit, resolve };
}

type SaveOutcome = { ok: true; version: number } | { ok: false; error: CallError; mine: TripletDraft };

/** One save call, its failure turned into a value so the caller decides between retrying and showing it. */
async function saveOnce(target: Base, draft: TripletDraft, time: TimeDelta | undefined): Promise<SaveOutcome> {
  try {
    const saved = await call('triplets.save', { itemId: target.itemId, baseVersion: target.version, draft, time });
    return { ok: true, version: saved.version };
  } catch (e) {
    const error = e instanceof CallError ? e : new CallError('internal', (e as Error).message);
    return { ok: false, error, mine: draft };
  }
}
