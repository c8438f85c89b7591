import type { ImportSink } from './sink';

/** What an importer gets: the file, where to write, a cancel signal and a way to report how far it is. */
export interface ImportContext {
  file: string;
  sink: ImportSink;
  signal: AbortSignal;
  /** `fraction` of this file read (0–1); importers call it often, the job throttles. */
  report(fraction: number): void;
}

export type Importer = (ctx: ImportContext) => Promise<void>;

export function checkCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new Error('cancelled');
}
