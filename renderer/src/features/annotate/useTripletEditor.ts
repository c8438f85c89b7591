import { useCallback, useEffect, useRef, useState } from 'react';
import type { TimeDelta, Triplet, TripletDraft } from '@shared/contract';
import { call, CallError } from '../../api/call';
import { queryClient } from '../../api/queries';
import { clearLocalDraft, localDraftKey, readLocalDraft, reconcileLocalDraft, writeLocalDraft } from './local-drafts';
import { useLeaveGuards } from './useLeaveGuards';
import { useWorkClock } from '../workflow/useWorkClock';

const AUTOSAVE_MS = 800;
/** Waits between tries while the server is away: quick at first, then every ten seconds until it answers. */
const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 10_000);

export interface Conflict {
  message: string;
  mine: TripletDraft;
}

export type SaveState = 'saved' | 'dirty' | 'saving' | 'offline' | 'error';

interface Base { itemId: number; version: number }

/**
 * The annotator's working copy of one triplet. Every keystroke is written to the browser's storage at once (so a
 * reload or a crash loses nothing, and the text comes back on reload); it is sent after a pause, when the page hides
 * or unloads, and again on its own while the server is away. One save at a time, each based on the version the last
 * one returned. A refused save (someone else saved first) stops autosaving and keeps the local text for merging.
 * `scope` names the project and person, so one machine keeps separate texts for each.
 */
export function useTripletEditor(triplet: Triplet | undefined, scope: string | null) {
  const [draft, setDraft] = useState<TripletDraft | null>(null);
  const [state, setState] = useState<SaveState>('saved');
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const base = useRef<Base | null>(null);
  const latest = useRef<TripletDraft | null>(null);
  const sent = useRef<TripletDraft | null>(null);
  const key = useRef<string | null>(null);
  const dirty = useRef(false);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const attempts = useRef(0);
  // Active time rides on saves; only an editable item is timed (reading a locked one is not work on it).
  const workClock = useWorkClock(triplet?.itemId ?? null, 'annotate', triplet?.can.edit ? scope : null);
  const clock = useRef(workClock);
  clock.current = workClock;

  const remember = useCallback(() => {
    if (!key.current || !latest.current || !base.current) return;
    if (dirty.current || sent.current) writeLocalDraft(localStorage, key.current, { draft: latest.current, baseVersion: base.current.version, sent: sent.current });
    else clearLocalDraft(localStorage, key.current);
  }, []);

  const schedule = useCallback((ms: number, run: () => void) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(run, ms);
  }, []);

  const persist = useCallback(async (): Promise<void> => {
    while (inFlight.current) await inFlight.current;
    if (!dirty.current || !base.current || !latest.current) return;
    const target = base.current;
    sent.current = latest.current;
    dirty.current = false;
    setState('saving');
    const time = clock.current.take(target.itemId);
    const run = saveOnce(target, sent.current, time).then((outcome) => {
      if (outcome.ok) {
        clock.current.ack(target.itemId, time);
        if (base.current?.itemId === target.itemId) base.current = { itemId: target.itemId, version: outcome.version };
        attempts.current = 0;
        sent.current = null;
        remember();
        setState(dirty.current ? 'dirty' : 'saved');
        setError(null);
        return;
      }
      dirty.current = true;
      sent.current = null;
      remember();
      if (outcome.error.unreachable) {
        setState('offline');
        schedule(retryDelay(attempts.current++), () => void persist());
        return;
      }
      if (outcome.error.code === 'conflict') setConflict({ message: outcome.error.message, mine: latest.current ?? outcome.mine });
      setError(outcome.error.message);
      setState('error');
    });
    inFlight.current = run;
    await run;
    inFlight.current = null;
  }, [remember, schedule]);

  // Adopt the server's copy when the item changes (or the text kept on this computer, if it is newer), or when the
  // server moved on and nothing local is unsaved.
  useEffect(() => {
    if (!triplet) return;
    const same = base.current?.itemId === triplet.itemId;
    if (same && (dirty.current || triplet.version <= base.current!.version)) return;
    key.current = scope ? localDraftKey(scope, triplet.itemId) : null;
    const kept = key.current && triplet.can.edit ? reconcileLocalDraft(readLocalDraft(localStorage, key.current), triplet) : { action: 'none' as const };
    const adopted = kept.action === 'adopt';
    base.current = { itemId: triplet.itemId, version: adopted ? kept.baseVersion : triplet.version };
    latest.current = adopted ? kept.draft : triplet.draft;
    dirty.current = adopted;
    sent.current = null;
    attempts.current = 0;
    if (!adopted && key.current && triplet.can.edit) clearLocalDraft(localStorage, key.current);
    setDraft(latest.current);
    setState(adopted ? 'dirty' : 'saved');
    setConflict(null);
    setError(null);
    if (adopted) schedule(0, () => void persist());
  }, [triplet, scope, persist, schedule]);

  const change = useCallback((next: TripletDraft) => {
    latest.current = next;
    dirty.current = true;
    remember();
    setDraft(next);
    setState((s) => (s === 'offline' ? s : 'dirty'));
    if (!conflict) schedule(AUTOSAVE_MS, () => void persist());
  }, [persist, conflict, remember, schedule]);

  /** Saves whatever is unsaved now (before moving on, on Ctrl+S, when the page is hidden). */
  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    if (!conflict) await persist();
  }, [persist, conflict]);

  useLeaveGuards({
    unsent: () => dirty.current || sent.current !== null,
    flush: () => void flush(),
    sendNow: () => {
      if (!conflict && dirty.current && base.current && latest.current) {
        // The delta stays unacknowledged: if this save landed, the next one re-sends it and the server ignores it.
        return { itemId: base.current.itemId, baseVersion: base.current.version, draft: latest.current, time: clock.current.take(base.current.itemId) };
      }
      return null;
    },
    retry: () => { if (dirty.current && !conflict) void persist(); },
  });

  const submit = useCallback(async () => {
    await flush();
    if (!base.current || !latest.current) return null;
    const time = clock.current.take(base.current.itemId);
    const saved = await call('triplets.submit', { itemId: base.current.itemId, baseVersion: base.current.version, draft: latest.current, time });
    clock.current.ack(base.current.itemId, time);
    base.current = { ...base.current, version: saved.version };
    dirty.current = false;
    remember();
    setState('saved');
    return saved;
  }, [flush, remember]);

  /** Resolves a conflict: `mine` saves the local text on top of the newest version, `theirs` drops it for theirs. */
  const resolve = useCallback(async (keep: 'mine' | 'theirs', merged?: TripletDraft) => {
    if (!base.current) return;
    const fresh = await queryClient.fetchQuery({ queryKey: ['triplets.get', { itemId: base.current.itemId }], queryFn: () => call('triplets.get', { itemId: base.current!.itemId }) });
    base.current = { itemId: fresh.itemId, version: fresh.version };
    setConflict(null);
    setError(null);
    latest.current = keep === 'theirs' ? fresh.draft : merged ?? latest.current;
    dirty.current = keep === 'mine';
    remember();
    setDraft(latest.current);
    if (keep === 'theirs') setState('saved');
    else await persist();
  }, [persist, remember]);

  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  return { draft, change, flush, submit, resolve, state, error, conflict, version: base.current?.version ?? null };
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
