import { create } from 'zustand';
import type { ItemStatus, Role } from '@shared/contract';

/** Items with a near-duplicate image, with an exact duplicate question, or either (issue 36; from `quality.duplicates`). */
export type DuplicateFilter = 'image' | 'question' | 'any';

/** The dataset's questions, or its quality report. */
export type BrowseView = 'questions' | 'quality';

export interface BrowseFilters {
  duplicates?: DuplicateFilter;
  source?: string;
  category?: string;
  role?: Role;
  status?: ItemStatus;
  text?: string;
  /** Only questions the visual-dependency check flags as answerable without the image. */
  blind?: boolean;
}

interface BrowseState {
  datasetId: number | null;
  filters: BrowseFilters;
  /** Index in the filtered list of the highlighted row, and the item it belongs to. */
  cursor: number;
  openItemId: number | null;
  view: BrowseView;
  setDataset(id: number | null): void;
  setView(view: BrowseView): void;
  setFilter<K extends keyof BrowseFilters>(key: K, value: BrowseFilters[K] | undefined): void;
  clearFilters(): void;
  setCursor(index: number): void;
  openItem(id: number | null): void;
}

/** What the dataset browser shows: which dataset, which filters, which row. */
export const useBrowse = create<BrowseState>((set) => ({
  datasetId: null,
  filters: {},
  cursor: 0,
  openItemId: null,
  view: 'questions',
  setDataset: (datasetId) => set({ datasetId, filters: {}, cursor: 0, openItemId: null }),
  setView: (view) => set({ view }),
  setFilter: (key, value) =>
    set((s) => {
      const filters = { ...s.filters };
      if (value === undefined || value === '') delete filters[key];
      else filters[key] = value;
      return { filters, cursor: 0 };
    }),
  clearFilters: () => set({ filters: {}, cursor: 0 }),
  setCursor: (cursor) => set({ cursor }),
  // An item is read beside the question list, so opening one (from lint, a duplicate pair) shows the list.
  openItem: (openItemId) => set(openItemId === null ? { openItemId } : { openItemId, view: 'questions' }),
}));
