import { useState } from 'react';
import { BarChart3, FileUp } from 'lucide-react';
import { uploadFile } from '../../api/call';
import { useCall, useMutate } from '../../api/queries';
import { Modal } from '../../components/Modal';
import { ProgressBar } from '../../components/ProgressBar';
import { useNavigation } from '../../stores/navigation';
import { useReports } from '../../stores/reports';

const FORMATS = [
  ['mmevalpro', 'MMEvalPro model output (JSON rows with triplet_id, eval_type, model_output)'],
  ['mmmu', 'MMMU eval-only predictions ({ id: answer })'],
  ['table', 'VLMEvalKit prediction table (TSV / CSV with index, prediction)'],
] as const;
type Format = (typeof FORMATS)[number][0];

const guessFormat = (name: string): Format => (/\.(tsv|csv)$/i.test(name) ? 'table' : 'mmevalpro');

/** Scores a model-output file made elsewhere against a dataset of the project, so it joins reports and comparisons. */
export function ImportPredictionsDialog(props: { onClose: () => void }) {
  const datasets = useCall('datasets.list');
  const [file, setFile] = useState<File | null>(null);
  const [datasetId, setDatasetId] = useState<number | null>(null);
  const [format, setFormat] = useState<Format>('mmevalpro');
  const [model, setModel] = useState('');
  const [upload, setUpload] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const importing = useMutate('runs.importPredictions');
  const go = useNavigation((s) => s.go);
  const openRun = useReports((s) => s.openRun);
  const dataset = datasetId ?? datasets.data?.[0]?.id ?? null;
  const done = importing.data;

  const start = async () => {
    setError(null);
    try {
      if (!file || dataset === null) throw new Error('choose a file and a dataset');
      const path = await uploadFile(file, setUpload);
      setUpload(null);
      await importing.mutateAsync({ datasetId: dataset, path, format, model: model.trim() || file.name.replace(/\.[^.]+$/, '') });
    } catch (e) {
      setUpload(null);
      setError((e as Error).message);
    }
  };
  const busy = upload !== null || importing.isPending;

  return (
    <Modal title="Import predictions" onClose={() => !busy && props.onClose()} testId="predictions.dialog"
      footer={done
        ? <button className="button button--primary" onClick={() => { openRun(done.runId); go('reports'); props.onClose(); }} data-testid="predictions.report"><BarChart3 size={14} /> Open its report</button>
        : <>
            <button className="button" onClick={props.onClose} disabled={busy}>Close</button>
            <button className="button button--primary" onClick={() => void start()} disabled={busy || !file || dataset === null} data-testid="predictions.start"><FileUp size={14} /> Score it</button>
          </>}>
      {done ? (
        <p data-testid="predictions.done">Scored <b>{done.predictions.toLocaleString()}</b> predictions: {done.correct.toLocaleString()} right ({((100 * done.correct) / done.predictions).toFixed(1)}%). The run is in the list.</p>
      ) : (
        <div className="form">
          <label className="field">
            <span>Model-output file</span>
            <input type="file" accept=".json,.tsv,.csv" data-testid="predictions.file" disabled={busy}
              onChange={(e) => { const f = e.target.files?.[0] ?? null; setFile(f); if (f) setFormat(guessFormat(f.name)); }} />
          </label>
          <div className="field-row">
            <label className="field">
              <span>Dataset it answers</span>
              <select value={dataset ?? ''} onChange={(e) => setDatasetId(Number(e.target.value))} disabled={busy} data-testid="predictions.dataset">
                {(datasets.data ?? []).map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
              </select>
            </label>
            <label className="field">
              <span>Model</span>
              <input value={model} onChange={(e) => setModel(e.target.value)} placeholder={file?.name.replace(/\.[^.]+$/, '') ?? 'model name'} disabled={busy} data-testid="predictions.model" />
            </label>
          </div>
          <label className="field">
            <span>Format</span>
            <select value={format} onChange={(e) => setFormat(e.target.value as Format)} disabled={busy} data-testid="predictions.format">
              {FORMATS.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
            </select>
          </label>
          <p className="muted small">Answers are read with the same rules as a live run (no judge) and matched to questions by id; a row that matches no question refuses the whole file, with its line.</p>
          {upload !== null && <ProgressBar value={upload} label="Upload" />}
          {error && <p className="error-box" role="alert" data-testid="predictions.error">{error}</p>}
        </div>
      )}
    </Modal>
  );
}
