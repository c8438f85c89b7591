import { useState } from 'react';
import { Download } from 'lucide-react';
import { downloadFile } from '../../api/download';

/** The lead's release: a dataset's accepted triplets (MMEvalPro JSON) with every verdict and override, as one zip. */
export function ExportAccepted(props: { datasetId: number }) {
  const [status, setStatus] = useState<string | null>(null);
  const run = async () => {
    setStatus('Preparing…');
    try {
      setStatus(`Downloaded ${await downloadFile('export', { dataset: props.datasetId, format: 'mmevalpro', acceptedOnly: true, reviewHistory: true })}`);
    } catch (error) {
      setStatus((error as Error).message);
    }
  };
  return (
    <>
      <button className="button" onClick={() => void run()} title="Accepted triplets with their review history (zip)" data-testid="team.exportAccepted">
        <Download size={14} /> Export accepted
      </button>
      {status && <span className="small muted" role="status" data-testid="team.exportStatus">{status}</span>}
    </>
  );
}
