import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp, FolderOpen, Play, Plus, Settings2 } from 'lucide-react';
import type { Output, RunSummary } from '@shared/contract';
import { invalidateScopes, useCall, write } from '../../api/queries';
import { useShortcuts } from '../../input/useShortcuts';
import { useCapabilities } from '../../api/capabilities';
import { EmptyState } from '../../components/EmptyState';
import { Kbd } from '../../components/Kbd';
import { useDialogs } from '../../stores/dialogs';
import { useNavigation } from '../../stores/navigation';
import { useRuns } from '../../stores/runs';
import { resumable } from './format';
import { HumanPanel } from './HumanPanel';
import { PredictionPanel } from './PredictionPanel';
import { PredictionTable } from './PredictionTable';
import { RunHeader } from './RunHeader';
import { RunList } from './RunList';

/** The Runs keys: a new run, pause or resume the open one, retry its failed requests. */
function useRunsShortcuts(r: Output<'runs.get'> | undefined) {
  const show = useDialogs((s) => s.show);
  const caps = useCapabilities();
  useShortcuts({
    'runs.new': () => (caps.can('newRun') ? show('newRun') : false),
    'runs.pause': () => {
      if (!r || r.kind === 'human' || !caps.can('controlRuns')) return false;
      if (r.live) void write('runs.pause', { id: r.id });
      else if (resumable(r)) void write('runs.resume', { id: r.id });
    },
    'runs.retry': () => {
      if (!r || r.live || r.errors === 0 || !caps.can('controlRuns')) return false;
      void write('runs.retryErrors', { id: r.id });
    },
  });
}

/** A run still being asked, here or in another process, as its last read showed it. */
const underWay = (r: RunSummary | undefined) => Boolean(r && (r.live || r.executor || r.status === 'pending' || r.status === 'running'));

/** Runs: every evaluation of the project, one open with its live progress and predictions. */
export function RunsScreen() {
  const info = useCall('app.info');
  const hasProject = Boolean(info.data?.project);
  const runs = useCall('runs.list', undefined, { enabled: hasProject });
  const { runId, selectRun, predictionId, openPrediction } = useRuns();
  const show = useDialogs((s) => s.show);
  const list = runs.data ?? [];
  // A run another process executes is followed too: its progress reaches this studio only through the file.
  const anyLive = list.some((r) => r.live || r.executor);
  // The open run is also followed until it shows its own end: the list can learn first that another process finished
  // it (and stop `anyLive`) while this run's last read still said "running".
  const run = useCall('runs.get', { id: runId ?? -1 }, {
    enabled: runId !== null && list.some((r) => r.id === runId),
    refetchInterval: (q) => (anyLive || underWay(q.state.data) ? 1000 : false),
  });

  // A run another process executes changes only in the file: when its counts move, refresh the list and its rows too.
  const queryClient = useQueryClient();
  const progress = run.data ? `${run.data.status}:${run.data.answered}:${run.data.errors}` : '';
  useEffect(() => {
    if (!progress) return;
    void invalidateScopes(queryClient, ['runs']);
  }, [progress, queryClient]);

  useEffect(() => {
    if (!runs.isFetching && list.length > 0 && !list.some((r) => r.id === runId)) selectRun(list[0]!.id);
  }, [list, runId, selectRun, runs.isFetching]);

  const caps = useCapabilities();
  useRunsShortcuts(run.data);

  if (info.data && !hasProject) {
    return <EmptyState icon={FolderOpen} title="No project is open" testId="runs.noProject"
      actions={<button className="button button--primary" onClick={() => show('project')}>Open or create a project</button>}>Runs live in a project file, beside the datasets they evaluate.</EmptyState>;
  }
  if (runs.isSuccess && list.length === 0) return <NoRunsYet />;
  return (
    <div className="runs" data-testid="runs.screen">
      <header className="screen-header">
        <h1>Runs</h1>
        <div className="screen-header__actions">
          <span className="muted small">{list.length} run{list.length === 1 ? '' : 's'}</span>
          {caps.can('importPredictions') && <button className="button" onClick={() => show('importPredictions')} data-testid="runs.importPredictions" title="Score a model-output file made elsewhere"><FileUp size={14} /> Import predictions</button>}
          {caps.can('newRun') && <button className="button button--primary" onClick={() => show('newRun')} data-testid="runs.new" title="New run (n)"><Plus size={14} /> New run</button>}
        </div>
      </header>
      <div className="runs__body">
        <RunList runs={list} />
        <div className={`runs__detail${predictionId !== null ? ' runs__detail--split' : ''}`}>
          <div className="runs__main">
            {run.data && <RunHeader run={run.data} />}
            {run.data && (run.data.kind === 'human' && run.data.status !== 'done'
              ? <HumanPanel run={run.data} />
              : <PredictionTable runId={run.data.id} live={Boolean(run.data.live)} />)}
          </div>
          {predictionId !== null && <PredictionPanel id={predictionId} onClose={() => openPrediction(null)} />}
        </div>
      </div>
    </div>
  );
}

/** No run yet: what a run is, and the ways to make one this person may take. */
function NoRunsYet() {
  const caps = useCapabilities();
  const show = useDialogs((s) => s.show);
  const go = useNavigation((s) => s.go);
  return (
    <EmptyState icon={Play} title="No evaluation runs yet" testId="runs.empty"
      actions={<>
        {caps.can('newRun') && <button className="button button--primary" onClick={() => show('newRun')} data-testid="runs.new"><Plus size={14} /> New run</button>}
        {caps.can('manageEndpoints') && <button className="button" onClick={() => go('settings')}><Settings2 size={14} /> Add a model endpoint</button>}
        {caps.can('importPredictions') && <button className="button" onClick={() => show('importPredictions')} data-testid="runs.importPredictions"><FileUp size={14} /> Import predictions</button>}
      </>}>
      A run sends a dataset's questions to a model behind an OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, LM Studio…),
      stores every answer as it arrives, and shows how each one was read. The seeded random-guess baseline and human
      evaluation need no endpoint. {caps.can('newRun') ? <>Press <Kbd>n</Kbd>.</> : 'A lead starts runs; they appear here with their progress.'}
    </EmptyState>
  );
}
