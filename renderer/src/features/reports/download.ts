import { stringify } from 'csv-stringify/browser/esm/sync';
import { neutraliseFormula } from '@shared/reports/safe-text';
import { saveBlob } from '../../api/download';

/** Saves text as a file through the browser's download (Electron shows its save dialog for the same call). */
export function download(filename: string, text: string, mime: string): void {
  saveBlob(filename, new Blob([text], { type: mime }));
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
