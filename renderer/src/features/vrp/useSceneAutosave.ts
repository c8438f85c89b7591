import { useCallback, useEffect, useRef } from 'react';
import { call } from '../../api/call';
import { queryClient, write } from '../../api/queries';
import { useCanvasDoc } from '../../stores/canvas-doc';

const IDLE_MS = 800;

/**
 * Saves the scene 0.8 s after the last change, one save at a time, naming the version it was loaded at; a save
 * refused as stale leaves the document as it is and says so (see `resolveConflict`). Returns `flush` for moments
 * that must not lose a change: opening another item, generating variants.
 */
export function useSceneAutosave(): { flush(): Promise<void> } {
  const save = useCanvasDoc((s) => s.save);
  const revision = useCanvasDoc((s) => s.revision);
  const inFlight = useRef<Promise<void> | null>(null);

  const saveNow = useCallback(async (): Promise<void> => {
    if (inFlight.current) await inFlight.current;
    const doc = useCanvasDoc.getState();
    if (doc.save !== 'dirty' || doc.itemId === null || !doc.scene) return;
    const at = doc.revision;
    doc.saving();
    const run = write('scenes.save', { itemId: doc.itemId, version: doc.version, scene: doc.scene })
      .then((r) => {
        useCanvasDoc.getState().saved(r.version, at);
        // The cached record is what the editor reloads when the item is opened again: keep it current.
        queryClient.setQueryData(['scenes.get', { itemId: r.itemId }], r);
      })
      .catch((e: Error & { code?: string }) => useCanvasDoc.getState().failed(e.message, e.code === 'conflict'));
    inFlight.current = run.finally(() => { inFlight.current = null; });
    await inFlight.current;
  }, []);

  useEffect(() => {
    if (save !== 'dirty') return;
    const timer = setTimeout(() => void saveNow(), IDLE_MS);
    return () => clearTimeout(timer);
  }, [save, revision, saveNow]);

  return { flush: saveNow };
}

/** After a refused save: keep mine (saved on top of theirs, theirs stays in the history) or take theirs. */
export async function resolveConflict(keep: 'mine' | 'theirs'): Promise<void> {
  const doc = useCanvasDoc.getState();
  if (doc.itemId === null || !doc.scene) return;
  const theirs = await call('scenes.get', { itemId: doc.itemId });
  if (keep === 'theirs' && theirs.scene) {
    doc.load(doc.itemId, theirs.scene, theirs.version);
    return;
  }
  const saved = await write('scenes.save', { itemId: doc.itemId, version: theirs.version, scene: doc.scene });
  queryClient.setQueryData(['scenes.get', { itemId: saved.itemId }], saved);
  useCanvasDoc.getState().saved(saved.version, useCanvasDoc.getState().revision);
}
