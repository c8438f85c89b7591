import { create } from 'zustand';
import type { PredictionOutcome } from '@shared/contract';
import type { ExtractionPath } from '@shared/scoring/extract';

interface RunsState {
  runId: number | null;
  predictionId: number | null;
  outcome: PredictionOutcome | null;
  extraction: ExtractionPath | null;
  cursor: number;
  selectRun(id: number | null): void;
  openPrediction(id: number | null): void;
  setOutcome(o: PredictionOutcome | null): void;
  setExtraction(e: ExtractionPath | null): void;
  setCursor(i: number): void;
}

/** What the Runs screen shows: which run, which prediction, which filters. */
export const useRuns = create<RunsState>((set) => ({
  runId: null,
  predictionId: null,
  outcome: null,
  extraction: null,
  cursor: 0,
  selectRun: (runId) => set({ runId, predictionId: null, cursor: 0 }),
  openPrediction: (predictionId) => set({ predictionId }),
  setOutcome: (outcome) => set({ outcome, cursor: 0 }),
  setExtraction: (extraction) => set({ extraction, cursor: 0 }),
  setCursor: (cursor) => set({ cursor }),
}));
