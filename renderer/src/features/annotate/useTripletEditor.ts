import { useCallback, useEffect, useRef, useState } from 'react';
import type { Triplet, TripletDraft } from '../../../../shared/contract';
import { call, CallError } from '../../api/call';
import { queryClient } from '../../api/queries';

const AUTOSAVE_MS = 800;

export interface Conflict {
  message: string;
  mine: TripletDraft;
}

export type SaveState = 'saved' | 'dirty' | 'saving' | 'error';

/**
 * The annotator's working copy of one triplet: edits stay local and autosave after a pause, one save at a time,
 * each based on the version the last save returned. A refused save (someone else saved first) stops autosaving and
 * keeps the local text for merging; nothing typed is dropped.
 */
export function useTripletEditor(triplet: Triplet | undefined) {
  const [draft, setDraft] = useState<TripletDraft | null>(null);
  const [state, setState] = useState<SaveState>('saved');
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const base = useRef<{ itemId: number; version: number } | null>(null);
  const latest = useRef<TripletDraft | null>(null);
  const dirty = useRef(false);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Adopt the server's copy when the item changes, or when it moved on and nothing local is unsaved.
  useEffect(() => {
    if (!triplet) return;
    const same = base.current?.itemId === triplet.itemId;
    if (same && (dirty.current || triplet.version <= base.current!.version)) return;
    base.current = { itemId: triplet.itemId, version: triplet.version };
    latest.current = triplet.draft;
    dirty.current = false;
    setDraft(triplet.draft);
    setState('saved');
    setConflict(null);
    setError(null);
  }, [triplet]);

  const persist = useCallback(async (): Promise<void> => {
    while (inFlight.current) await inFlight.current;
    if (!dirty.current || !base.current || !latest.current) return;
    const target = base.current;
    const sent = latest.current;
    dirty.current = false;
    setState('saving');
    const run = (async () => {
      try {
        const saved = await call('triplets.save', { itemId: target.itemId, baseVersion: target.version, draft: sent });
        if (base.current?.itemId === target.itemId) base.current = { itemId: target.itemId, version: saved.version };
        setState(dirty.current ? 'dirty' : 'saved');
        setError(null);
      } catch (e) {
        dirty.current = true;
        if (e instanceof CallError && e.code === 'conflict') setConflict({ message: e.message, mine: latest.current ?? sent });
        setError((e as Error).message);
        setState('error');
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
  }, []);

  const change = useCallback((next: TripletDraft) => {
    latest.current = next;
    dirty.current = true;
    setDraft(next);
    setState('dirty');
    if (timer.current) clearTimeout(timer.current);
    if (!conflict) timer.current = setTimeout(() => void persist(), AUTOSAVE_MS);
  }, [persist, conflict]);

  /** Saves whatever is unsaved now (before moving on, on Ctrl+S). */
  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    if (!conflict) await persist();
  }, [persist, conflict]);

  const submit = useCallback(async () => {
    await flush();
    if (!base.current || !latest.current) return null;
    const saved = await call('triplets.submit', { itemId: base.current.itemId, baseVersion: base.current.version, draft: latest.current });
    base.current = { ...base.current, version: saved.version };
    dirty.current = false;
    setState('saved');
    return saved;
  }, [flush]);

  /** Resolves a conflict: `mine` saves the local text on top of the newest version, `theirs` drops it for theirs. */
  const resolve = useCallback(async (keep: 'mine' | 'theirs', merged?: TripletDraft) => {
    if (!base.current) return;
    const fresh = await queryClient.fetchQuery({ queryKey: ['triplets.get', { itemId: base.current.itemId }], queryFn: () => call('triplets.get', { itemId: base.current!.itemId }) });
    base.current = { itemId: fresh.itemId, version: fresh.version };
    setConflict(null);
    setError(null);
    if (keep === 'theirs') {
      latest.current = fresh.draft;
      dirty.current = false;
      setDraft(fresh.draft);
      setState('saved');
      return;
    }
    latest.current = merged ?? latest.current;
    dirty.current = true;
    setDraft(latest.current);
    await persist();
  }, [persist]);

  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  return { draft, change, flush, submit, resolve, state, error, conflict, version: base.current?.version ?? null };
}
