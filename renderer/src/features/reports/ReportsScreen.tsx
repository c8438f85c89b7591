import { useCallback, useEffect, useState } from 'react';
import { BarChart3, FileDown, FolderOpen, Play } from 'lucide-react';
import { call } from '../../api/call';
import { useCall } from '../../api/queries';
import { useShortcuts } from '../../input/useShortcuts';
import { EmptyState } from '../../components/EmptyState';
import { Kbd } from '../../components/Kbd';
import { useDialogs } from '../../stores/dialogs';
import { useNavigation } from '../../stores/navigation';
import { useReports, type ReportView } from '../../stores/reports';
import { CompareView } from './CompareView';
import { download } from './download';
import { downloadFile, serverDownloads } from '../../api/download';
import { LeaderboardView } from './LeaderboardView';
import { comparePartner, landingRun, steppedRun } from './report-runs';
import { RunReportView } from './RunReportView';

const VIEWS: { id: ReportView; label: string; key: string }[] = [
  { id: 'run', label: 'Run report', key: '1' },
  { id: 'compare', label: 'Compare', key: '2' },
  { id: 'leaderboard', label: 'Leaderboard', key: '3' },
];

/** The runs to report on, the open one (landing on the newest finished), and Compare's first pair. */
function useReportRuns() {
  const info = useCall('app.info');
  const hasProject = Boolean(info.data?.project);
  const runs = useCall('runs.list', undefined, { enabled: hasProject, refetchInterval: (q) => (q.state.data?.some((r) => r.live) ? 2000 : false) });
  const { view, runId, compareIds, setCompare } = useReports();
  const list = runs.data ?? [];
  const current = list.find((r) => r.id === runId) ?? null;

  useEffect(() => {
    // Land on the newest finished run without switching away from the view the person chose.
    if (list.length > 0 && !current) useReports.setState({ runId: landingRun(list)!.id });
  }, [list, current]);

  useEffect(() => {
    // Opening Compare with nothing ticked starts from the open run and the newest other run on the same dataset.
    if (view !== 'compare' || compareIds.length > 0 || !current) return;
    const other = comparePartner(list, current);
    if (other) setCompare([current.id, other.id]);
  }, [view, compareIds.length, current, list, setCompare]);
  return { info, hasProject, runs, list, current };
}

/** Exports the open report (with the compared runs) as one HTML file; says where it went or what failed. */
function useHtmlExport(current: { id: number } | null) {
  const { view, compareIds } = useReports();
  const [exporting, setExporting] = useState<string | null>(null);
  const exportHtml = useCallback(async () => {
    if (!current) return;
    setExporting('Writing the report…');
    try {
      const input = { id: current.id, compare: view === 'compare' ? compareIds.filter((id) => id !== current.id) : [] };
      // In the browser the server streams the file; the desktop builds it in memory and saves it.
      if (serverDownloads) {
        setExporting(`Saved ${await downloadFile('report', input)}`);
        return;
      }
      const { filename, html } = await call('reports.html', input);
      download(filename, html, 'text/html');
      setExporting(`Saved ${filename}`);
    } catch (error) {
      setExporting((error as Error).message);
    }
  }, [current, view, compareIds]);
  return { exporting, exportHtml };
}

/** Reports: one run's scores and why, comparisons with paired tests, and a leaderboard of every run. */
export function ReportsScreen() {
  const { info, hasProject, runs, list, current } = useReportRuns();
  const { view, setView, runId, openRun } = useReports();
  const show = useDialogs((s) => s.show);
  const go = useNavigation((s) => s.go);
  const { exporting, exportHtml } = useHtmlExport(current);

  const stepRun = (by: number) => () => {
    if (view !== 'run' || !list.length) return false;
    openRun(steppedRun(list, runId, by).id);
  };
  useShortcuts({
    'reports.run': () => setView('run'),
    'reports.compare': () => setView('compare'),
    'reports.leaderboard': () => setView('leaderboard'),
    'reports.next': stepRun(1),
    'reports.previous': stepRun(-1),
    'reports.html': () => void exportHtml(),
  });

  if (info.data && !hasProject) {
    return <EmptyState icon={FolderOpen} title="No project is open" testId="reports.noProject"
      actions={<button className="button button--primary" onClick={() => show('project')}>Open or create a project</button>}>Reports are computed from the runs stored in a project file.</EmptyState>;
  }
  if (runs.isSuccess && list.length === 0) {
    return (
      <EmptyState icon={BarChart3} title="Reports need runs" testId="reports.empty"
        actions={<button className="button button--primary" onClick={() => go('runs')}><Play size={14} /> Go to Runs</button>}>
        Start an evaluation run (or the random-guess baseline) in Runs. Its accuracy with intervals, MMEvalPro's Genuine
        Accuracy and heatmap, CircularEval, seeing-or-not, VRP radars and comparisons with paired tests appear here as answers arrive.
      </EmptyState>
    );
  }
  return (
    <div className="reports" data-testid="reports.screen">
      <ReportsHeader list={list} canExport={Boolean(current)} exporting={exporting} onExport={() => void exportHtml()} />
      <div className="reports__body">
        {/* The open tab's name as the level between the screen's h1 and its cards' h3s (no skipped level, DECISIONS 191). */}
        <h2 className="visually-hidden">{VIEWS.find((v) => v.id === view)?.label}</h2>
        {view === 'run' && current && <RunReportView runId={current.id} live={Boolean(current.live)} />}
        {view === 'compare' && <CompareView runs={list} />}
        {view === 'leaderboard' && <LeaderboardView />}
      </div>
    </div>
  );
}

/** The view tabs, the run picker of the run report, and the HTML export. */
function ReportsHeader(props: { list: { id: number; name: string; status: string }[]; canExport: boolean; exporting: string | null; onExport(): void }) {
  const { view, setView, runId, openRun } = useReports();
  return (
    <header className="screen-header">
      <h1>Reports</h1>
      <div className="segmented" role="tablist">
        {VIEWS.map((v) => (
          <button key={v.id} role="tab" aria-selected={view === v.id} className={`segmented__item${view === v.id ? ' segmented__item--on' : ''}`}
            onClick={() => setView(v.id)} title={`${v.label} (${v.key})`} data-testid={`reports.view.${v.id}`}>
            {v.label} <Kbd>{v.key}</Kbd>
          </button>
        ))}
      </div>
      <div className="screen-header__actions">
        {view === 'run' && (
          <select className="run-select" value={runId ?? ''} onChange={(e) => openRun(Number(e.target.value))} data-testid="reports.run" aria-label="Run">
            {props.list.map((r) => <option key={r.id} value={r.id}>{r.name} — {r.status}</option>)}
          </select>
        )}
        {props.exporting && <span className="muted small" data-testid="reports.exported">{props.exporting}</span>}
        <button className="button" onClick={props.onExport} disabled={!props.canExport} title="Export the report as one HTML file (h)" data-testid="reports.html">
          <FileDown size={14} /> Export HTML
        </button>
      </div>
    </header>
  );
}
