import { useEffect } from 'react';
import { Plus, Wand2 } from 'lucide-react';
import type { Optimization as OptimizationRow, Output } from '@shared/contract';
import { useCall, write } from '../../api/queries';
import { useShortcuts } from '../../input/useShortcuts';
import { useCapabilities } from '../../api/capabilities';
import { EmptyState } from '../../components/EmptyState';
import { useJobs } from '../../stores/jobs';
import { useOptimize } from '../../stores/optimize';
import { useNavigation } from '../../stores/navigation';
import { NewOptimizationDialog } from './NewOptimizationDialog';
import { OptimizationView } from './OptimizationView';
import { TableTwo } from './TableTwo';

type Opened = Output<'optimizations.get'>;

/** The Optimize keys: new, move through the list, switch tabs, evaluate or resume the open optimisation. */
function useOptimizeShortcuts(rows: OptimizationRow[], open: Opened | undefined) {
  const { optimizationId, select, setTab, setDialogOpen } = useOptimize();
  const caps = useCapabilities();
  const index = rows.findIndex((o) => o.id === optimizationId);
  const pick = (i: number) => () => (rows[i] ? select(rows[i]!.id) : false);
  useShortcuts({
    'optimize.new': () => (caps.can('optimizePrompts') ? setDialogOpen(true) : false),
    'optimize.next': pick(index + 1),
    'optimize.previous': pick(index - 1),
    'optimize.optimisation': () => setTab('optimisation'),
    'optimize.report': () => setTab('report'),
    'optimize.evaluate': () => {
      if (!open?.optimization.chosen || !caps.can('optimizePrompts')) return false;
      void write('optimizations.evaluate', { id: open.optimization.id });
    },
    'optimize.resume': () => {
      if (!open || open.optimization.status === 'done' || !caps.can('optimizePrompts')) return false;
      void write('optimizations.resume', { id: open.optimization.id });
    },
  });
}

/** Optimize (TP-Eval): optimisations (one per model and task), their candidates, and original vs customised accuracy. */
export function OptimizeScreen() {
  const { optimizationId, select, tab, dialogOpen, setDialogOpen } = useOptimize();
  const running = useJobs((s) => Object.values(s.jobs).some((j) => j.kind === 'optimize' && j.status === 'running'));
  const list = useCall('optimizations.list', {}, { refetchInterval: running ? 1000 : false });
  const rows = list.data ?? [];
  const anyRunning = running || rows.some((o) => o.status === 'running');
  const open = useCall('optimizations.get', { id: optimizationId ?? -1 }, { enabled: optimizationId !== null, refetchInterval: anyRunning ? 1000 : false });
  const go = useNavigation((s) => s.go);

  // The first one opens when none is chosen or the chosen one is gone. Not merely when the list lacks it: a list read
  // before "Start" lacks the optimisation just started, and the screen then showed another one as if it were that one.
  const gone = open.isError;
  useEffect(() => {
    if (rows.length > 0 && (optimizationId === null || gone)) select(rows[0]!.id);
  }, [rows, optimizationId, gone, select]);

  useOptimizeShortcuts(rows, open.data);

  const dialog = dialogOpen && <NewOptimizationDialog onClose={() => setDialogOpen(false)} />;
  if (list.isSuccess && rows.length === 0) {
    return (
      <>
        <EmptyState icon={Wand2} title="No prompt optimisations yet" testId="prompts.empty"
          actions={<>
            <button className="button button--primary" onClick={() => setDialogOpen(true)} data-testid="prompts.new"><Plus size={14} /> New optimisation (n)</button>
            <button className="button" onClick={() => go('settings')}>Add model endpoints</button>
          </>}>
          TP-Eval rewrites a task’s prompt for one model with an optimizer model, scoring each candidate on a few labelled
          examples and keeping its meaning close to the original; then you evaluate the held-out items with the original
          and the customised prompt. You need a target model and an optimizer endpoint (Settings).
        </EmptyState>
        {dialog}
      </>
    );
  }

  return (
    <div className="prompts-screen" data-testid="prompts.screen">
      <OptimisationList rows={rows} />
      <section className="prompts-main">
        {/* An open optimisation's name is the h1; the report and the empty pane have none of their own. */}
        {(tab === 'report' || !open.data) && <h1 className="visually-hidden">Prompt optimisation</h1>}
        {tab === 'report' ? <TableTwo /> : open.data ? <OptimizationView optimization={open.data.optimization} candidates={open.data.candidates} />
        : <div className="canvas-stage--loading">Choose an optimisation on the left.</div>}
      </section>
      {dialog}
    </div>
  );
}

/** The optimisations down the side, with the tab between them and the report, and the New button. */
function OptimisationList({ rows }: { rows: OptimizationRow[] }) {
  const { optimizationId, select, tab, setTab, setDialogOpen } = useOptimize();
  return (
    <aside className="queue" aria-label="Optimisations">
      <div className="queue__head prompts-head">
        <div className="segmented segmented--small">
          <button className={`segmented__item${tab === 'optimisation' ? ' segmented__item--on' : ''}`} onClick={() => setTab('optimisation')}>Optimisations</button>
          <button className={`segmented__item${tab === 'report' ? ' segmented__item--on' : ''}`} onClick={() => setTab('report')} data-testid="prompts.tab.report">Report</button>
        </div>
        <button className="icon-button" onClick={() => setDialogOpen(true)} title="New optimisation (n)" aria-label="New optimisation" data-testid="prompts.new"><Plus size={16} /></button>
      </div>
      <div className="queue__list">
        {rows.map((o) => (
          <button key={o.id} className={`queue__row${o.id === optimizationId ? ' queue__row--active' : ''}`} onClick={() => select(o.id)} data-testid="prompts.item">
            <span className="queue__meta">
              <span className="qrow__id">#{o.id}</span>
              <span className={`status status--${o.status}`}>{o.status}</span>
              <span className="muted small">{o.round}/{o.rounds}</span>
            </span>
            <span className="queue__text">{o.name}{o.best ? ` · best c ${o.best.score?.toFixed(3)}` : ''}</span>
          </button>
        ))}
      </div>
    </aside>
  );
}
