import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileUp } from 'lucide-react';
import type { ImportResult } from '@shared/contract';
import { useCapabilities } from '../../api/capabilities';
import { uploadFile } from '../../api/call';
import { invalidateScopes, useCall, write } from '../../api/queries';
import { transport } from '../../api/transport';
import { Modal } from '../../components/Modal';
import { ProgressBar } from '../../components/ProgressBar';
import { useBrowse } from '../../stores/browse';
import { useJobs } from '../../stores/jobs';
import { defaultDatasetName, serverPaths, withoutExtension } from './import-names';

const FORMATS = [
  ['auto', 'Detect from the file'],
  ['vlmevalkit', 'VLMEvalKit TSV'],
  ['mmevalpro', 'MMEvalPro (JSON, JSONL, parquet)'],
  ['mmmu', 'MMMU (JSON, parquet)'],
  ['jsonl', 'Generic JSONL'],
  ['mmvet', 'MM-Vet (mm-vet.json)'],
] as const;

type Phase = { kind: 'choose' } | { kind: 'upload'; fraction: number } | { kind: 'import'; jobId: string } | { kind: 'done'; result: ImportResult } | { kind: 'failed'; message: string };

type Format = (typeof FORMATS)[number][0];

/** Follows the import job until it ends, then opens the new dataset or shows why it failed. */
function useImportJob(phase: Phase, setPhase: (p: Phase) => void) {
  const jobs = useJobs((s) => s.jobs);
  const client = useQueryClient();
  const setDataset = useBrowse((s) => s.setDataset);
  // Events drive the bar; a slow poll covers an event stream that dropped while the job ran.
  const polled = useCall('jobs.get', { id: phase.kind === 'import' ? phase.jobId : '' }, {
    enabled: phase.kind === 'import',
    refetchInterval: 1000,
  });
  const live = phase.kind === 'import' ? jobs[phase.jobId] : undefined;
  const job = polled.data && polled.data.status !== 'running' ? polled.data : (live ?? polled.data);
  useEffect(() => {
    if (phase.kind !== 'import' || !job || job.status === 'running') return;
    if (job.status === 'done') {
      const result = job.result as ImportResult;
      setPhase({ kind: 'done', result });
      invalidateScopes(client, ['datasets', 'questions', 'items']);
      setDataset(result.datasetId);
    } else setPhase({ kind: 'failed', message: job.error?.message ?? 'the import failed' });
  }, [phase, job, client, setDataset]);
  return job;
}

/** Uploads the chosen files (or takes the typed server paths) and starts the import job. */
async function startImport(choice: { files: File[]; paths: string; format: Format; name: string }, setPhase: (p: Phase) => void) {
  const { files } = choice;
  try {
    let targets = serverPaths(choice.paths);
    if (files.length > 0) {
      targets = [];
      for (let i = 0; i < files.length; i++) {
        targets.push(await uploadFile(files[i]!, (f) => setPhase({ kind: 'upload', fraction: (i + f) / files.length })));
      }
    }
    if (targets.length === 0) throw new Error('choose at least one file');
    const { jobId } = await write('imports.start', { files: targets, format: choice.format, dataset: choice.name.trim() || defaultDatasetName(files[0]?.name, targets[0]!) });
    setPhase({ kind: 'import', jobId });
  } catch (error) {
    setPhase({ kind: 'failed', message: (error as Error).message });
  }
}

/** Import: choose files, a format and a name; uploads stream to the server, then the import job reports progress. */
export function ImportDialog(props: { onClose: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [paths, setPaths] = useState('');
  const [format, setFormat] = useState<Format>('auto');
  const [name, setName] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const job = useImportJob(phase, setPhase);
  // Paths name files on the server's disk: offered only to someone on their own machine, never on a team server.
  const caps = useCapabilities();
  const offersPaths = caps.importFrom.includes('paths') && transport.kind === 'http';
  const busy = phase.kind === 'upload' || phase.kind === 'import';
  const start = () => startImport({ files, paths, format, name }, setPhase);

  return (
    <Modal title="Import a dataset" onClose={() => !busy && props.onClose()} testId="import.dialog"
      footer={phase.kind === 'done'
        ? <button className="button button--primary" onClick={props.onClose} data-testid="import.close">Browse it</button>
        : <>
            {phase.kind === 'import' && <button className="button" onClick={() => void write('jobs.cancel', { id: phase.jobId })}>Cancel import</button>}
            <button className="button" onClick={props.onClose} disabled={busy}>Close</button>
            <button className="button button--primary" onClick={() => void start()} disabled={busy || (files.length === 0 && !paths.trim())} data-testid="import.start">
              <FileUp size={14} /> Import
            </button>
          </>}>
      {caps.loaded && caps.importFrom.length === 0 ? (
        <p className="muted" data-testid="import.notAllowed">Importing datasets is the lead's work; ask your lead to add the files you need.</p>
      ) : phase.kind === 'done' ? <ImportDone result={phase.result} /> : (
        <div className="form">
          <label className="field">
            <span>Files</span>
            <input type="file" multiple accept=".tsv,.json,.jsonl,.ndjson,.parquet" data-testid="import.files"
              onChange={(e) => setFiles([...(e.target.files ?? [])])} disabled={busy} />
          </label>
          {offersPaths && files.length === 0 && (
            <label className="field">
              <span>…or paths on the server, one per line</span>
              <textarea rows={2} value={paths} onChange={(e) => setPaths(e.target.value)} placeholder="/data/MMBench_DEV_EN.tsv" disabled={busy} />
            </label>
          )}
          <div className="field-row">
            <label className="field">
              <span>Format</span>
              <select value={format} onChange={(e) => setFormat(e.target.value as Format)} disabled={busy} data-testid="import.format">
                {FORMATS.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
              </select>
            </label>
            <label className="field">
              <span>Dataset name</span>
              <input value={name} onChange={(e) => setName(e.target.value)} placeholder={files[0] ? withoutExtension(files[0].name) : 'from the file name'} disabled={busy} data-testid="import.name" />
            </label>
          </div>
          <p className="muted small">Imports are all or nothing: a bad row stops the import with its line number and the project stays as it was.</p>
          <ImportProgress phase={phase} job={job} />
        </div>
      )}
    </Modal>
  );
}

/** What was imported, and where. */
function ImportDone({ result }: { result: ImportResult }) {
  return (
    <div className="import-done" data-testid="import.done">
      <CheckCircle2 size={22} className="ok" />
      <div>
        Imported <strong>{result.questions.toLocaleString()}</strong> questions in {result.items.toLocaleString()} items
        ({result.images.toLocaleString()} new images) into <strong>{result.dataset}</strong> as {result.format}.
      </div>
    </div>
  );
}

/** The upload's and then the import's progress, or why it failed. */
function ImportProgress({ phase, job }: { phase: Phase; job: ReturnType<typeof useImportJob> }) {
  return (
    <>
      {phase.kind === 'upload' && <><div className="small">Uploading… {Math.round(phase.fraction * 100)}%</div><ProgressBar value={phase.fraction} label="Upload" /></>}
      {phase.kind === 'import' && (
        <>
          <div className="small">Importing… {job ? `${Math.round(job.done)}% · ${job.message ?? ''}` : ''}</div>
          <ProgressBar value={job?.total ? job.done / job.total : null} label="Import" testId="import.progress" />
        </>
      )}
      {phase.kind === 'failed' && <p className="error-box" role="alert" data-testid="import.error">{phase.message}</p>}
    </>
  );
}
