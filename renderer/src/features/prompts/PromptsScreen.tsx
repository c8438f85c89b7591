import { useEffect } from 'react';
import { Plus, Wand2 } from 'lucide-react';
import { call } from '../../api/call';
import { useCall } from '../../api/queries';
import { isTyping } from '../../app/shortcuts';
import { EmptyState } from '../../components/EmptyState';
import { useJobs } from '../../stores/jobs';
import { usePrompts } from '../../stores/prompts';
import { useNavigation } from '../../stores/navigation';
import { NewOptimizationDialog } from './NewOptimizationDialog';
import { OptimizationView } from './OptimizationView';
import { TableTwo } from './TableTwo';

/** Prompts: TP-Eval optimisations (one per model and task), their candidates, and original vs customised accuracy. */
export function PromptsScreen() {
  const { optimizationId, select, tab, setTab, dialogOpen, setDialogOpen } = usePrompts();
  const running = useJobs((s) => Object.values(s.jobs).some((j) => j.kind === 'optimize' && j.status === 'running'));
  const list = useCall('optimizations.list', {}, { refetchInterval: running ? 1000 : false });
  const rows = list.data ?? [];
  const anyRunning = running || rows.some((o) => o.status === 'running');
  const open = useCall('optimizations.get', { id: optimizationId ?? -1 }, { enabled: optimizationId !== null, refetchInterval: anyRunning ? 1000 : false });
  const go = useNavigation((s) => s.go);

  useEffect(() => {
    if (rows.length > 0 && !rows.some((o) => o.id === optimizationId)) select(rows[0]!.id);
  }, [rows, optimizationId, select]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey || document.querySelector('[role="dialog"]')) return;
      const i = rows.findIndex((o) => o.id === optimizationId);
      if (e.key === 'n') { e.preventDefault(); setDialogOpen(true); }
      else if (e.key === 'j' && rows[i + 1]) select(rows[i + 1]!.id);
      else if (e.key === 'k' && i > 0) select(rows[i - 1]!.id);
      else if (e.key === '1') setTab('optimisation');
      else if (e.key === '2') setTab('report');
      else if (e.key === 'e' && open.data?.optimization.chosen) void call('optimizations.evaluate', { id: open.data.optimization.id });
      else if (e.key === 'r' && open.data && open.data.optimization.status !== 'done') void call('optimizations.resume', { id: open.data.optimization.id });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rows, optimizationId, select, setTab, setDialogOpen, open.data]);

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
      <section className="prompts-main">
        {tab === 'report' ? <TableTwo /> : open.data ? <OptimizationView optimization={open.data.optimization} candidates={open.data.candidates} />
          : <div className="canvas-stage--loading">Choose an optimisation on the left.</div>}
      </section>
      {dialog}
    </div>
  );
}
