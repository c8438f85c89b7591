import { useState } from 'react';
import { BarChart3, FileUp } from 'lucide-react';
import type { Output } from '@shared/contract';
import { uploadFile } from '../../api/call';
import { useCall, useMutate } from '../../api/queries';
import { Modal } from '../../components/Modal';
import { ProgressBar } from '../../components/ProgressBar';
import { useNavigation } from '../../stores/navigation';
import { useReports } from '../../stores/reports';

const FORMATS = [
  ['auto', 'Detect from the content'],
  ['vlmevalkit', 'VLMEvalKit prediction file ({model}_{dataset}.xlsx / TSV / CSV, circular copies, judge hit and log)'],
  ['lmms-eval', 'lmms-eval --log_samples (JSONL: doc, resps, filtered_resps)'],
  ['mmevalpro', 'MMEvalPro model output (JSON rows with triplet_id, eval_type, model_output)'],
  ['mmmu', 'MMMU eval-only predictions ({ id: answer })'],
  ['table', 'VLMEvalKit prediction table (TSV / CSV with index, prediction)'],
] as const;
type Format = (typeof FORMATS)[number][0];

const guessFormat = (name: string): Format => (/\.(tsv|csv)$/i.test(name) ? 'table' : /\.xlsx$/i.test(name) ? 'vlmevalkit' : 'auto');

/** Scores a model-output file made elsewhere against a dataset of the project, so it joins reports and comparisons. */
export function ImportPredictionsDialog(props: { onClose: () => void }) {
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
  const go = useNavigation((s) => s.go);
  const openRun = useReports((s) => s.openRun);
  const dataset = datasetId ?? datasets.data?.[0]?.id ?? null;
  const done = importing.data;

  const start = async () => {
    setError(null);
    try {
      if (!file || dataset === null) throw new Error('choose a file and a dataset');
      const path = await uploadFile(file, setUpload);
      const judgePath = judge ? await uploadFile(judge, setUpload) : null;
      setUpload(null);
      await importing.mutateAsync({
        datasetId: dataset, path, format, model: model.trim() || file.name.replace(/\.[^.]+$/, ''), skipUnmatched, ...(judgePath ? { judgePath } : {}),
      });
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
        <ImportedSummary done={done} />
      ) : (
        <div className="form">
          <label className="field">
            <span>Model-output file</span>
            <input type="file" accept=".json,.jsonl,.tsv,.csv,.xlsx" data-testid="predictions.file" disabled={busy}
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
          {(format === 'vlmevalkit' || format === 'table' || format === 'auto') && (
            <label className="field">
              <span>VLMEvalKit judge result file (optional: its hit and log are kept beside our reading)</span>
              <input type="file" accept=".xlsx,.tsv,.csv" data-testid="predictions.judge" disabled={busy} onChange={(e) => setJudge(e.target.files?.[0] ?? null)} />
            </label>
          )}
          <label className="check">
            <input type="checkbox" checked={skipUnmatched} onChange={(e) => setSkipUnmatched(e.target.checked)} disabled={busy} data-testid="predictions.skipUnmatched" />
            <span>Import the rows that match and list the others (otherwise a row that matches no question refuses the file)</span>
          </label>
          <p className="muted small">Answers are read with the same rules as a live run (no judge) and matched to questions by id, or by question text and options for lmms-eval; nothing is guessed.</p>
          {upload !== null && <ProgressBar value={upload} label="Upload" />}
          {error && <p className="error-box" role="alert" data-testid="predictions.error">{error}</p>}
        </div>
      )}
    </Modal>
  );
}

/** What the import did: the score, the toolkit's verdicts beside ours, and the rows left out. */
function ImportedSummary({ done }: { done: Output<'runs.importPredictions'> }) {
  return (
    <div data-testid="predictions.done">
      <p>Scored <b>{done.predictions.toLocaleString()}</b> predictions: {done.correct.toLocaleString()} right ({((100 * done.correct) / done.predictions).toFixed(1)}%). The run is in the list.</p>
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
