import { Download } from 'lucide-react';
import { downloadCsv, downloadJson, type TableData } from './download';

/** CSV / JSON buttons for a table, built lazily so large tables are only serialised when asked for. */
export function TableExport({ table, testId }: { table: () => TableData; testId?: string }) {
  return (
    <span className="table-export" data-testid={testId}>
      <Download size={13} aria-hidden />
      <button className="link-button" onClick={() => downloadCsv(table())}>CSV</button>
      <button className="link-button" onClick={() => downloadJson(table())}>JSON</button>
    </span>
  );
}
