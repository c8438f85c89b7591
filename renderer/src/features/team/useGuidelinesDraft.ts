import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Guidelines } from '@shared/contract';
import { call } from '../../api/call';
import { write } from '../../api/queries';
import { browserTimers, classifyCallError, DraftMachine, type DraftSnapshot } from '../../lib/versioned-draft';
import { retryDelay } from '../annotate/save-retry';

/**
 * A dataset's guidelines through the one versioned-draft machine (as triplets and scenes), with autosave off: every
 * save is a version readers see, so it is made when the lead presses Save. The machine keeps the base version, one save
 * in flight, retries while the server is away, and a save refused because someone saved first as a kept conflict.
 * Version 0 stands for "none written yet" (the contract's `baseVersion: null`).
 */
export function useGuidelinesDraft(datasetId: number, current: Guidelines | undefined) {
  const machine = useMemo(() => new DraftMachine<string>({
    async save(_key, body, baseVersion) {
      return (await write('guidelines.save', { datasetId, body, baseVersion: baseVersion === 0 ? null : baseVersion })).version;
    },
    classify: classifyCallError, debounceMs: 0, retryDelay, timers: browserTimers, autosave: false,
  }), [datasetId]);
  useEffect(() => () => machine.dispose(), [machine]);
  const snapshot: DraftSnapshot<string> = useSyncExternalStore((on) => machine.subscribe(on), () => machine.snapshot);

  // Follow the newest version while nothing typed is unsaved (first load, after a save, someone else's save); an edit
  // in progress is kept, and saving it over a newer version is refused into a kept conflict.
  useEffect(() => {
    if (!current || machine.unsent() || machine.snapshot.conflict) return;
    machine.load(`guidelines:${datasetId}`, current.shown?.body ?? '', current.latest ?? 0);
  }, [current, machine, datasetId]);

  /** Settles a conflict against the newest stored version: keep mine (saved on top of it) or take it. */
  const resolve = async (keep: 'mine' | 'theirs') => {
    const newest = await call('guidelines.get', { datasetId });
    await machine.resolve(keep, { draft: newest.shown?.body ?? '', version: newest.latest ?? 0 });
  };
  return { snapshot, edit: (text: string) => machine.edit(text), save: () => machine.flush(), resolve };
}
