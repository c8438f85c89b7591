import { useState } from 'react';
import { Download } from 'lucide-react';
import { downloadFile } from '../../api/download';

/** Export a dataset as a download: VLMEvalKit TSV or MMEvalPro JSON; only accepted triplets comes with their review history. */
export function ExportMenu(props: { datasetId: number }) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<'vlmevalkit' | 'mmevalpro'>('vlmevalkit');
  const [acceptedOnly, setAcceptedOnly] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const run = async () => {
    setStatus('Preparing the download…');
    try {
      const name = await downloadFile('export', { dataset: props.datasetId, format, acceptedOnly, reviewHistory: acceptedOnly });
      setStatus(`Downloaded ${name}`);
    } catch (error) {
      setStatus((error as Error).message);
    }
  };
  return (
    <div className="export-menu">
      <button className="button" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="datasets.export"><Download size={14} /> Export</button>
      {open && (
        <div className="export-menu__panel" role="group" aria-label="Export this dataset">
          <label className="field"><span>Format</span>
            <select value={format} onChange={(e) => setFormat(e.target.value as 'vlmevalkit' | 'mmevalpro')} data-testid="export.format">
              <option value="vlmevalkit">VLMEvalKit TSV</option>
              <option value="mmevalpro">MMEvalPro JSON</option>
            </select>
          </label>
          <label className="export-menu__check"><input type="checkbox" checked={acceptedOnly} onChange={(e) => setAcceptedOnly(e.target.checked)} data-testid="export.accepted" />
            <span>Only accepted triplets, with their review history (a zip)</span></label>
          <button className="button button--primary" onClick={() => void run()} data-testid="export.download"><Download size={14} /> Download</button>
          {status && <p className="small muted" role="status" data-testid="export.status">{status}</p>}
        </div>
      )}
    </div>
  );
}
