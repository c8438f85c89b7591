import { useState } from 'react';
import { BarChart3, FileUp } from 'lucide-react';
import type { Output } from '@shared/contract';
import { uploadFile } from '../../api/call';
import { useCall, useMutate } from '../../api/queries';
import { Modal } from '../../components/Modal';
import { ProgressBar } from '../../components/ProgressBar';
import { useNavigation } from '../../stores/navigation';
import { useReports } from '../../stores/reports';
import { FORMATS, guessFormat, predictionModelName, takesJudgeFile, type Format } from './prediction-import';

/** The file, dataset and options chosen, and the upload and scoring of them. */
function usePredictionImport() {
  const datasets = useCall('datasets.list');
  const [file, setFile] = useState<File | null>(null);
  const [datasetId, setDatasetId] = useState<number | null>(null);
  const [format, setFormat] = useState<Format>('auto');
  const [judge, setJudge] = useState<File | null>(null);
  const [skipUnmatched, setSkipUnmatched] = useState(false);
  const [model, setModel] = useState('');
  const [upload, setUpload] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const importing = useMutate('runs.importPredictions');
  const dataset = datasetId ?? datasets.data?.[0]?.id ?? null;

  const start = async () => {
    setError(null);
    try {
      if (!file || dataset === null) throw new Error('choose a file and a dataset');
      const path = await uploadFile(file, setUpload);
      const judgePath = judge ? await uploadFile(judge, setUpload) : null;
      setUpload(null);
      await importing.mutateAsync({
        datasetId: dataset, path, format, model: predictionModelName(model, file.name), skipUnmatched, ...(judgePath ? { judgePath } : {}),
      });
    } catch (e) {
      setUpload(null);
      setError((e as Error).message);
    }
  };
  const busy = upload !== null || importing.isPending;
  return {
    datasets, file, setFile, dataset, setDatasetId, format, setFormat, setJudge, skipUnmatched, setSkipUnmatched, model, setModel,
    upload, error, start, busy, done: importing.data,
  };
}

type PredictionImport = ReturnType<typeof usePredictionImport>;

/** Scores a model-output file made elsewhere against a dataset of the project, so it joins reports and comparisons. */
export function ImportPredictionsDialog(props: { onClose: () => void }) {
  const p = usePredictionImport();
  const { busy, done, file, dataset } = p;
  const go = useNavigation((s) => s.go);
  const openRun = useReports((s) => s.openRun);

  return (
    <Modal title="Import predictions" onClose={() => !busy && props.onClose()} testId="predictions.dialog"
      footer={done
        ? <button className="button button--primary" onClick={() => { openRun(done.runId); go('reports'); props.onClose(); }} data-testid="predictions.report"><BarChart3 size={14} /> Open its report</button>
        : <>
            <button className="button" onClick={props.onClose} disabled={busy}>Close</button>
            <button className="button button--primary" onClick={() => void p.start()} disabled={busy || !file || dataset === null} data-testid="predictions.start"><FileUp size={14} /> Score it</button>
          </>}>
      {done ? <ImportedSummary done={done} /> : <PredictionForm p={p} />}
    </Modal>
  );
}

/** The file, the dataset it answers, the model's name, the format and the options. */
function PredictionForm({ p }: { p: PredictionImport }) {
  const { busy, file, format } = p;
  return (
    <div className="form">
      <label className="field">
        <span>Model-output file</span>
        <input type="file" accept=".json,.jsonl,.tsv,.csv,.xlsx" data-testid="predictions.file" disabled={busy}
          onChange={(e) => { const f = e.target.files?.[0] ?? null; p.setFile(f); if (f) p.setFormat(guessFormat(f.name)); }} />
      </label>
      <div className="field-row">
        <label className="field">
          <span>Dataset it answers</span>
          <select value={p.dataset ?? ''} onChange={(e) => p.setDatasetId(Number(e.target.value))} disabled={busy} data-testid="predictions.dataset">
            {(p.datasets.data ?? []).map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
          </select>
        </label>
        <label className="field">
          <span>Model</span>
          <input value={p.model} onChange={(e) => p.setModel(e.target.value)} placeholder={file?.name.replace(/\.[^.]+$/, '') ?? 'model name'} disabled={busy} data-testid="predictions.model" />
        </label>
      </div>
      <label className="field">
        <span>Format</span>
        <select value={format} onChange={(e) => p.setFormat(e.target.value as Format)} disabled={busy} data-testid="predictions.format">
          {FORMATS.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
        </select>
      </label>
      {takesJudgeFile(format) && (
        <label className="field">
          <span>VLMEvalKit judge result file (optional: its hit and log are kept beside our reading)</span>
          <input type="file" accept=".xlsx,.tsv,.csv,.json" data-testid="predictions.judge" disabled={busy} onChange={(e) => p.setJudge(e.target.files?.[0] ?? null)} />
        </label>
      )}
      <label className="check check--wide">
        <input type="checkbox" checked={p.skipUnmatched} onChange={(e) => p.setSkipUnmatched(e.target.checked)} disabled={busy} data-testid="predictions.skipUnmatched" />
        <span>Import the rows that match and list the others (otherwise a row that matches no question refuses the file)</span>
      </label>
      <p className="muted small">Answers are read with the same rules as a live run (no judge) and matched to questions by id, or by question text and options for lmms-eval; nothing is guessed.</p>
      {p.upload !== null && <ProgressBar value={p.upload} label="Upload" />}
      {p.error && <p className="error-box" role="alert" data-testid="predictions.error">{p.error}</p>}
    </div>
  );
}

/** What the import did: the score, the toolkit's verdicts beside ours, and the rows left out. */
function ImportedSummary({ done }: { done: Output<'runs.importPredictions'> }) {
  return (
    <div data-testid="predictions.done">
      <p>
        Scored <b>{done.predictions.toLocaleString()}</b> predictions: {done.correct.toLocaleString()} right
        ({((100 * done.correct) / done.predictions).toFixed(1)}%). The run is in the list.
      </p>
      {done.toolkit && (
        <p data-testid="predictions.toolkit">{done.toolkit.source}'s own verdicts agree with ours on {done.toolkit.agree} of {done.toolkit.questions} questions
          {done.toolkit.disagreements.length > 0 && <> (differ on question{done.toolkit.disagreements.length === 1 ? '' : 's'} {done.toolkit.disagreements.slice(0, 10).map((d) => d.questionId).join(', ')}{done.toolkit.disagreements.length > 10 ? ', …' : ''})</>}.</p>
      )}
      {done.unmatched.length > 0 && (
        <>
          <p className="warning">{done.unmatched.length} row{done.unmatched.length === 1 ? '' : 's'} matched no question and {done.unmatched.length === 1 ? 'was' : 'were'} not imported:</p>
          <ul className="small" data-testid="predictions.unmatched">{done.unmatched.slice(0, 50).map((u) => <li key={u.where}>{u.where}: {u.reason}</li>)}</ul>
        </>
      )}
    </div>
  );
}
