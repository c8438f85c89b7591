import { create } from 'zustand';

export type CanvasTool = 'select' | 'box' | 'ellipse';

export interface View {
  scale: number;
  x: number;
  y: number;
}

interface CanvasUiState {
  datasetId: number | null;
  itemId: number | null;
  tool: CanvasTool;
  selected: string[];
  view: View;
  /** Asks the stage to fit the image into its box (bumped by the Fit button and the `f` key). */
  fitRequest: number;
  previewOpen: boolean;
  setDataset(id: number | null): void;
  openItem(id: number | null): void;
  setTool(tool: CanvasTool): void;
  select(ids: string[]): void;
  setView(view: View): void;
  fit(): void;
  setPreviewOpen(open: boolean): void;
}

/** What the Canvas screen shows and how — never part of the document, so never in its undo history. */
export const useCanvasUi = create<CanvasUiState>((set) => ({
  datasetId: null,
  itemId: null,
  tool: 'select',
  selected: [],
  view: { scale: 1, x: 0, y: 0 },
  fitRequest: 0,
  previewOpen: false,
  setDataset: (datasetId) => set({ datasetId, itemId: null, selected: [] }),
  openItem: (itemId) => set({ itemId, selected: [], fitRequest: Date.now() }),
  setTool: (tool) => set({ tool }),
  select: (selected) => set({ selected }),
  setView: (view) => set({ view }),
  fit: () => set({ fitRequest: Date.now() }),
  setPreviewOpen: (previewOpen) => set({ previewOpen }),
}));
