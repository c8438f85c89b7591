import type { TripletDraft } from '@shared/contract';

/**
 * The annotator's unsent text, kept in the browser's storage at every keystroke so a reload, a crash or a server
 * that went away loses nothing. One record per project, person and item; removed once the server holds that text.
 */
export interface LocalDraft {
  draft: TripletDraft;
  /** The version the text was typed on (what a save must name as its base). */
  baseVersion: number;
  /** The text of a save that was on its way when the record was written; it may have landed without us hearing. */
  sent: TripletDraft | null;
}

/** The slice of the Web Storage API we use, so tests can hand in any store. */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function localDraftKey(scope: string, itemId: number): string {
  return `anchor.draft.${scope}.${itemId}`;
}

export function readLocalDraft(storage: DraftStorage, key: string): LocalDraft | null {
  try {
    const text = storage.getItem(key);
    if (!text) return null;
    const value = JSON.parse(text) as LocalDraft;
    return value && typeof value.baseVersion === 'number' && value.draft ? value : null;
  } catch {
    return null;
  }
}

/** Writes the record; a full or refused storage must not stop typing, so it reports instead of throwing. */
export function writeLocalDraft(storage: DraftStorage, key: string, record: LocalDraft): boolean {
  try {
    storage.setItem(key, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}

export function clearLocalDraft(storage: DraftStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to do: a storage we cannot write to holds nothing of ours either.
  }
}

export function sameDraft(a: TripletDraft, b: TripletDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What to do with a kept record when the server's copy arrives: drop it (the server already has that text), or
 * adopt it and save it on top of `baseVersion`. When the save that was on its way landed (the server now holds
 * exactly that text, one version on), the rest is saved on top of it instead of being reported as a conflict with
 * oneself; any other newer version is someone else's, and the save is refused and shown side by side.
 */
export function reconcileLocalDraft(record: LocalDraft | null, server: { draft: TripletDraft; version: number }):
  { action: 'none' } | { action: 'adopt'; draft: TripletDraft; baseVersion: number } {
  if (!record || sameDraft(record.draft, server.draft)) return { action: 'none' };
  const ownSaveLanded = record.sent !== null && sameDraft(record.sent, server.draft) && server.version > record.baseVersion;
  return { action: 'adopt', draft: record.draft, baseVersion: ownSaveLanded ? server.version : record.baseVersion };
}
