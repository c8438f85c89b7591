import { useCallback, useEffect, useRef, useState } from 'react';
import type { Triplet, TripletDraft } from '@shared/contract';
import { call } from '../../api/call';
import { queryClient, write } from '../../api/queries';
import { browserTimers, classifyCallError, DraftMachine, type DraftSnapshot } from '../../lib/versioned-draft';
import { clearLocalDraft, localDraftKey, readLocalDraft, reconcileLocalDraft, writeLocalDraft } from './local-drafts';
import { keepsWorkingCopy, retryDelay } from './save-retry';
import { useLeaveGuards } from './useLeaveGuards';
import { useWorkClock } from '../workflow/useWorkClock';

const AUTOSAVE_MS = 800;

export interface Conflict {
  message: string;
  mine: TripletDraft;
}

/** What the form's save line shows; a conflict reads as an error there (the conflict panel says the rest). */
export type SaveState = 'saved' | 'dirty' | 'saving' | 'offline' | 'error';

type Clock = ReturnType<typeof useWorkClock>;
type Snapshot = DraftSnapshot<TripletDraft>;

/**
 * The triplet's versioned-draft machine (one per editor): each save carries the active time since the last one,
 * acknowledged only when the save lands, so a lost save sends it again.
 */
function useTripletMachine(clock: { current: Clock }) {
  const [machine] = useState(() => new DraftMachine<TripletDraft>({
    async save(key, draft, baseVersion) {
      const itemId = Number(key);
      const time = clock.current.take(itemId);
      const saved = await call('triplets.save', { itemId, baseVersion, draft, time });
      clock.current.ack(itemId, time);
      return saved.version;
    },
    classify: classifyCallError,
    debounceMs: AUTOSAVE_MS,
    retryDelay,
    timers: browserTimers,
  }));
  const [snapshot, setSnapshot] = useState(machine.snapshot);
  useEffect(() => {
    const off = machine.subscribe(setSnapshot);
    return () => {
      off();
      machine.dispose();
    };
  }, [machine]);
  return { machine, snapshot };
}

/** Mirrors the working copy to the browser's storage while anything is unsaved (a reload or crash loses nothing). */
function useLocalMirror(machine: DraftMachine<TripletDraft>, storageKey: { current: string | null }) {
  useEffect(() => machine.subscribe((s) => {
    const key = storageKey.current;
    if (!key || s.draft === null || s.key === null) return;
    if (s.dirty || s.sent) writeLocalDraft(localStorage, key, { draft: s.draft, baseVersion: s.version, sent: s.sent });
    else clearLocalDraft(localStorage, key);
  }), [machine, storageKey]);
}

/**
 * Adopts the server's copy when the item changes (or the text kept on this computer, if it is newer), or when the
 * server moved on and nothing local is unsaved.
 */
function useAdoptTriplet(triplet: Triplet | undefined, scope: string | null, machine: DraftMachine<TripletDraft>, storageKey: { current: string | null }) {
  useEffect(() => {
    if (!triplet) return;
    const s = machine.snapshot;
    const base = s.key === null ? null : { itemId: Number(s.key), version: s.version };
    if (keepsWorkingCopy(base, machine.unsent(), triplet)) return;
    storageKey.current = scope ? localDraftKey(scope, triplet.itemId) : null;
    const key = storageKey.current;
    const kept = key && triplet.can.edit ? reconcileLocalDraft(readLocalDraft(localStorage, key), triplet) : { action: 'none' as const };
    if (kept.action !== 'adopt' && key && triplet.can.edit) clearLocalDraft(localStorage, key);
    if (kept.action === 'adopt') machine.load(String(triplet.itemId), kept.draft, kept.baseVersion, true);
    else machine.load(String(triplet.itemId), triplet.draft, triplet.version);
  }, [triplet, scope, machine, storageKey]);
}

/** Saves before the page hides or unloads, and retries when the connection comes back. */
function useGuardedLeave(machine: DraftMachine<TripletDraft>, clock: { current: Clock }) {
  useLeaveGuards({
    unsent: () => machine.unsent(),
    flush: () => void machine.flush(),
    sendNow: () => {
      const s = machine.snapshot;
      if (s.conflict || !s.dirty || s.key === null || s.draft === null) return null;
      // The delta stays unacknowledged: if this save landed, the next one re-sends it and the server ignores it.
      const itemId = Number(s.key);
      return { itemId, baseVersion: s.version, draft: s.draft, time: clock.current.take(itemId) };
    },
    retry: () => { if (machine.snapshot.dirty) void machine.flush(); },
  });
}

const shownState = (s: Snapshot): SaveState => (s.status === 'conflict' ? 'error' : s.status);

/**
 * The annotator's working copy of one triplet, saved by the one versioned-draft machine (`lib/versioned-draft.ts`).
 * Every keystroke is written to the browser's storage at once (so a reload or a crash loses nothing, and the text
 * comes back on reload); it is sent after a pause, when the page hides or unloads, and again on its own while the
 * server is away. A refused save (someone else saved first) stops autosaving and keeps the local text for merging.
 * `scope` names the project and person, so one machine keeps separate texts for each.
 */
export function useTripletEditor(triplet: Triplet | undefined, scope: string | null) {
  // Active time rides on saves; only an editable item is timed (reading a locked one is not work on it).
  const workClock = useWorkClock(triplet?.itemId ?? null, 'annotate', triplet?.can.edit ? scope : null);
  const clock = useRef(workClock);
  clock.current = workClock;
  const storageKey = useRef<string | null>(null);
  const { machine, snapshot } = useTripletMachine(clock);
  useLocalMirror(machine, storageKey);
  useAdoptTriplet(triplet, scope, machine, storageKey);
  useGuardedLeave(machine, clock);

  const change = useCallback((next: TripletDraft) => machine.edit(next), [machine]);
  /** Saves whatever is unsaved now (before moving on, on Ctrl+S, when the page is hidden). */
  const flush = useCallback(() => machine.flush(), [machine]);
  const { submit, resolve } = useSubmitAndResolve(machine, clock);
  const conflict: Conflict | null = snapshot.conflict;
  return {
    draft: snapshot.draft, change, flush, submit, resolve, state: shownState(snapshot), error: snapshot.error, conflict,
    version: snapshot.key === null ? null : snapshot.version,
  };
}

/** Submitting the triplet for review, and settling a conflict one way or the other. */
function useSubmitAndResolve(machine: DraftMachine<TripletDraft>, clock: { current: Clock }) {
  const submit = useCallback(async () => {
    await machine.flush();
    const { key, draft, version } = machine.snapshot;
    if (key === null || draft === null) return null;
    const itemId = Number(key);
    const time = clock.current.take(itemId);
    const saved = await write('triplets.submit', { itemId, baseVersion: version, draft, time });
    clock.current.ack(itemId, time);
    machine.savedElsewhere(saved.version);
    return saved;
  }, [machine, clock]);

  /** Resolves a conflict: `mine` saves the local text on top of the newest version, `theirs` drops it for theirs. */
  const resolve = useCallback(async (keep: 'mine' | 'theirs', merged?: TripletDraft) => {
    const { key } = machine.snapshot;
    if (key === null) return;
    const itemId = Number(key);
    const fresh = await queryClient.fetchQuery({ queryKey: ['triplets.get', { itemId }], queryFn: () => call('triplets.get', { itemId }) });
    await machine.resolve(keep, { draft: fresh.draft, version: fresh.version }, merged);
  }, [machine]);
  return { submit, resolve };
}
