import { stringify } from 'csv-stringify/browser/esm/sync';
import { neutraliseFormula } from '../../../../shared/reports/safe-text';

/** Saves text as a file through the browser's download (Electron shows its save dialog for the same call). */
export function download(filename: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled; revoking at once can cancel the download in some engines.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type Cell = string | number | boolean | null;

/** A table as the Reports screen exports it: header plus rows of plain values. */
export interface TableData {
  name: string;
  columns: string[];
  rows: Cell[][];
}

/** A CSV for spreadsheets: cells that would start a formula are neutralised (see `neutraliseFormula`). */
export function downloadCsv(table: TableData): void {
  const safe = [table.columns, ...table.rows].map((row) => row.map((cell) => neutraliseFormula(cell)));
  download(`${table.name}.csv`, stringify(safe), 'text/csv');
}

export function downloadJson(table: TableData): void {
  const records = table.rows.map((r) => Object.fromEntries(table.columns.map((c, i) => [c, r[i] ?? null])));
  download(`${table.name}.json`, `${JSON.stringify(records, null, 2)}\n`, 'application/json');
}
