import { describe, expect, it } from 'vitest';
import type { TripletDraft } from '@shared/contract';
import { clearLocalDraft, localDraftKey, readLocalDraft, reconcileLocalDraft, writeLocalDraft, type DraftStorage } from './local-drafts';

const text = (perception: string): TripletDraft => ({
  perception: { text: perception, options: ['a', 'b'], answer: null, rationale: '' },
  knowledge: { text: '', options: ['', ''], answer: null, rationale: '' },
});

/** A storage like the browser's, over a Map. */
function memoryStorage(): DraftStorage & { full: boolean } {
  const map = new Map<string, string>();
  return {
    full: false,
    getItem: (k) => map.get(k) ?? null,
    setItem(k, v) { if (this.full) throw new Error('QuotaExceededError'); map.set(k, v); },
    removeItem: (k) => void map.delete(k),
  };
}

describe('drafts kept on this computer', () => {
  it('keeps one record per project, person and item, and survives a full storage without throwing', () => {
    const storage = memoryStorage();
    const key = localDraftKey('/p/a.anchor|ann', 4);
    expect(localDraftKey('/p/a.anchor|cat', 4)).not.toBe(key);
    expect(writeLocalDraft(storage, key, { draft: text('What'), baseVersion: 2, sent: null })).toBe(true);
    expect(readLocalDraft(storage, key)).toEqual({ draft: text('What'), baseVersion: 2, sent: null });
    storage.full = true;
    expect(writeLocalDraft(storage, key, { draft: text('What is'), baseVersion: 2, sent: null })).toBe(false);
    clearLocalDraft(storage, key);
    expect(readLocalDraft(storage, key)).toBeNull();
    storage.full = false;
    storage.setItem(key, '{not json');
    expect(readLocalDraft(storage, key)).toBeNull();
  });

  it('restores text the server does not hold, on the version it was typed on', () => {
    expect(reconcileLocalDraft({ draft: text('What colour'), baseVersion: 3, sent: null }, { draft: text('What'), version: 3 }))
      .toEqual({ action: 'adopt', draft: text('What colour'), baseVersion: 3 });
    // Someone else saved since: the old base makes the save a visible conflict rather than a silent overwrite.
    expect(reconcileLocalDraft({ draft: text('What colour'), baseVersion: 3, sent: null }, { draft: text('Theirs'), version: 5 }))
      .toEqual({ action: 'adopt', draft: text('What colour'), baseVersion: 3 });
  });

  it('drops a record the server already holds, and builds on its own save that landed unheard', () => {
    expect(reconcileLocalDraft({ draft: text('What'), baseVersion: 3, sent: null }, { draft: text('What'), version: 4 })).toEqual({ action: 'none' });
    expect(reconcileLocalDraft(null, { draft: text('What'), version: 4 })).toEqual({ action: 'none' });
    expect(reconcileLocalDraft({ draft: text('What colour is'), baseVersion: 3, sent: text('What colour') }, { draft: text('What colour'), version: 4 }))
      .toEqual({ action: 'adopt', draft: text('What colour is'), baseVersion: 4 });
  });
});
