import { useState } from 'react';
import { Download } from 'lucide-react';
import { downloadFile } from '../../api/download';

type Format = 'vlmevalkit' | 'mmevalpro' | 'hf-parquet';

/**
 * Export a dataset as a download: VLMEvalKit TSV, MMEvalPro JSON, or a Hugging Face release (hf-parquet: the folder
 * `anchor export` writes, zipped, with the licence its card states and, when asked, the quality report); only accepted
 * triplets comes with their review history.
 */
export function ExportMenu(props: { datasetId: number }) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<Format>('vlmevalkit');
  const [license, setLicense] = useState('');
  const [acceptedOnly, setAcceptedOnly] = useState(false);
  const [quality, setQuality] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const run = async () => {
    setStatus('Preparing the download…');
    try {
      const release = format === 'hf-parquet' ? { quality, ...(license.trim() ? { license: license.trim() } : {}) } : {};
      const name = await downloadFile('export', { dataset: props.datasetId, format, acceptedOnly, reviewHistory: acceptedOnly, ...release });
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
            <select value={format} onChange={(e) => setFormat(e.target.value as Format)} data-testid="export.format">
              <option value="vlmevalkit">VLMEvalKit TSV</option>
              <option value="mmevalpro">MMEvalPro JSON</option>
              <option value="hf-parquet">Hugging Face release (parquet, zip)</option>
            </select>
          </label>
          {format === 'hf-parquet' && (
            <label className="field"><span>Licence in the dataset card</span>
              <input value={license} onChange={(e) => setLicense(e.target.value)} placeholder="the imported release's, else other (e.g. cc-by-4.0)" data-testid="export.license" />
            </label>
          )}
          {format === 'hf-parquet' && (
            <label className="export-menu__check"><input type="checkbox" checked={quality} onChange={(e) => setQuality(e.target.checked)} data-testid="export.quality" />
              <span>With the quality report in the card (and quality.json)</span></label>
          )}
          <label className="export-menu__check"><input type="checkbox" checked={acceptedOnly} onChange={(e) => setAcceptedOnly(e.target.checked)} data-testid="export.accepted" />
            <span>Only accepted triplets, with their review history (a zip)</span></label>
          <button className="button button--primary" onClick={() => void run()} data-testid="export.download"><Download size={14} /> Download</button>
          {status && <p className="small muted" role="status" data-testid="export.status">{status}</p>}
        </div>
      )}
    </div>
  );
}
