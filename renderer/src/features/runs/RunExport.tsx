import { useState } from 'react';
import { Download } from 'lucide-react';
import type { RunExportFormat } from '@shared/contract';
import { call } from '../../api/call';
import { downloadFile, saveBlob, serverDownloads } from '../../api/download';

const FORMATS: { value: RunExportFormat; label: string }[] = [
  { value: 'csv', label: 'CSV' },
  { value: 'jsonl', label: 'JSONL' },
  { value: 'vlmevalkit-xlsx', label: 'VLMEvalKit workbook' },
];

/** The browser downloads the server's stream; the desktop app gets the file in the answer and saves it (a save dialog). */
async function saveRunResults(id: number, format: RunExportFormat): Promise<string> {
  if (serverDownloads) return downloadFile('run', { id, format });
  const file = await call('runs.exportFile', { id, format });
  saveBlob(file.filename, new Blob([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))]));
  return file.filename;
}

/**
 * A run's results as a download: one row per question and pass (CSV, JSONL) or VLMEvalKit's prediction workbook.
 * The server streams the file (`POST download/run`), under the same read rules as the prediction table; the desktop
 * app gets the same file in the answer of `runs.exportFile` and saves it through the save dialog.
 */
export function RunExport(props: { runId: number }) {
  const [format, setFormat] = useState<RunExportFormat>('csv');
  const [status, setStatus] = useState<string | null>(null);
  const run = async () => {
    setStatus('Preparing the download…');
    try {
      setStatus(`Downloaded ${await saveRunResults(props.runId, format)}`);
    } catch (error) {
      setStatus((error as Error).message);
    }
  };
  return (
    <div className="button-row" role="group" aria-label="Export this run's results">
      <select aria-label="Results format" value={format} onChange={(e) => setFormat(e.target.value as RunExportFormat)} data-testid="runs.export.format">
        {FORMATS.map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}
      </select>
      <button className="button" onClick={() => void run()} data-testid="runs.export" title="Download every question's reply, reading and outcome">
        <Download size={14} /> Export results
      </button>
      {status && <span className="small muted" role="status" style={{ whiteSpace: 'nowrap' }} data-testid="runs.export.status">{status}</span>}
    </div>
  );
}
