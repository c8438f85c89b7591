import { create } from 'zustand';
import { applyDiff, composeDiffs, diffScenes, isEmptyDiff, type SceneDiff } from '@shared/vrp/scene-diff';
import type { Scene } from '@shared/vrp/scene';
import type { DraftStatus } from '../lib/versioned-draft';

interface Entry {
  diff: SceneDiff;
  /** Successive changes with the same key within a moment merge into one step (typing a text, nudging with arrows). */
  coalesce: string | null;
  at: number;
}

export type SaveState = DraftStatus;

interface CanvasDocState {
  itemId: number | null;
  scene: Scene | null;
  /** The stored version the next save must name. */
  version: number;
  past: Entry[];
  future: Entry[];
  save: SaveState;
  error: string | null;
  /** Bumped by every change, so a save that finishes knows whether newer edits wait. */
  revision: number;
  load(itemId: number, scene: Scene, version: number): void;
  change(next: Scene, coalesce?: string): void;
  undo(): void;
  redo(): void;
  /** What the versioned-draft machine says of the saving (features/vrp/useSceneAutosave.ts drives it). */
  synced(save: SaveState, version: number, error: string | null): void;
}

const COALESCE_MS = 1000;

/**
 * The scene being edited: the document, and its undo history as reversible diffs. Selection, tool and zoom live in
 * the UI store, so undo never "undoes" a click or a zoom, and every document change is a step that can be redone.
 */
export const useCanvasDoc = create<CanvasDocState>((set, get) => ({
  itemId: null,
  scene: null,
  version: 0,
  past: [],
  future: [],
  save: 'saved',
  error: null,
  revision: 0,
  load: (itemId, scene, version) => set({ itemId, scene, version, past: [], future: [], save: 'saved', error: null, revision: 0 }),
  change: (next, coalesce) => {
    const { scene, past, revision } = get();
    if (!scene) return;
    const diff = diffScenes(scene, next);
    if (isEmptyDiff(diff)) return;
    const now = Date.now();
    const last = past.at(-1);
    let entries: Entry[];
    if (coalesce && last && last.coalesce === coalesce && now - last.at < COALESCE_MS) {
      const base = applyDiff(scene, last.diff, 'backward');
      entries = [...past.slice(0, -1), { diff: composeDiffs(base, last.diff, diff), coalesce, at: now }];
    } else {
      entries = [...past, { diff, coalesce: coalesce ?? null, at: now }];
    }
    set({ scene: next, past: entries, future: [], revision: revision + 1, save: get().save === 'conflict' ? 'conflict' : 'dirty' });
  },
  undo: () => {
    const { scene, past, future, revision } = get();
    const last = past.at(-1);
    if (!scene || !last) return;
    set({
      scene: applyDiff(scene, last.diff, 'backward'), past: past.slice(0, -1), future: [...future, { ...last, coalesce: null }],
      revision: revision + 1, save: get().save === 'conflict' ? 'conflict' : 'dirty',
    });
  },
  redo: () => {
    const { scene, past, future, revision } = get();
    const next = future.at(-1);
    if (!scene || !next) return;
    set({
      scene: applyDiff(scene, next.diff, 'forward'), future: future.slice(0, -1), past: [...past, next],
      revision: revision + 1, save: get().save === 'conflict' ? 'conflict' : 'dirty',
    });
  },
  synced: (save, version, error) => set({ save, version, error }),
}));
