import { useEffect } from 'react';
import type { Scene } from '@shared/vrp/scene';
import { call } from '../../api/call';
import { queryClient, write } from '../../api/queries';
import { browserTimers, classifyCallError, DraftMachine } from '../../lib/versioned-draft';
import { useCanvasDoc } from '../../stores/canvas-doc';
import { retryDelay } from '../annotate/save-retry';

const IDLE_MS = 800;

/**
 * The open scene's saving, by the one versioned-draft machine (as triplets and guidelines): 0.8 s after the last
 * change, one save at a time naming the version it was loaded at, retried while the server is away; a save refused as
 * stale keeps the document and the conflict until the person keeps theirs or takes the other (`resolveConflict`).
 * One canvas is open at a time, so one machine serves it.
 */
const sceneDraft = new DraftMachine<Scene>({
  async save(key, scene, baseVersion) {
    const saved = await write('scenes.save', { itemId: Number(key), baseVersion, scene });
    // The cached record is what the editor reloads when the item is opened again: keep it current.
    queryClient.setQueryData(['scenes.get', { itemId: saved.itemId }], saved);
    return saved.version;
  },
  classify: classifyCallError,
  debounceMs: IDLE_MS,
  retryDelay,
  timers: browserTimers,
});

/** The document store tells the machine what changed; the machine tells the store how the saving goes. */
function connect(): () => void {
  const fromMachine = sceneDraft.subscribe((s) => {
    const doc = useCanvasDoc.getState();
    if (doc.itemId !== null && String(doc.itemId) === s.key) doc.synced(s.status, s.version, s.error);
  });
  const fromDoc = useCanvasDoc.subscribe((doc, before) => {
    if (doc.itemId === null || !doc.scene) return;
    // `load` starts a document over (revision 0); every change, undo or redo moves the revision on.
    const loaded = doc.itemId !== before.itemId || (doc.revision === 0 && doc.scene !== before.scene);
    if (loaded) sceneDraft.load(String(doc.itemId), doc.scene, doc.version);
    else if (doc.revision !== before.revision) sceneDraft.edit(doc.scene);
  });
  return () => {
    fromMachine();
    fromDoc();
  };
}

/** Keeps the open scene saved; `flush` for moments that must not lose a change: opening another item, generating variants. */
export function useSceneAutosave(): { flush(): Promise<void> } {
  useEffect(() => connect(), []);
  return { flush: () => sceneDraft.flush() };
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
  await sceneDraft.resolve('mine', { draft: theirs.scene ?? doc.scene, version: theirs.version }, doc.scene);
}
