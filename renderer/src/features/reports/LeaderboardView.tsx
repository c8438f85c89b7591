import { useMemo, useState } from 'react';
import type { BoardSetting } from '@shared/contract';
import { accuracyBars, barsHeight } from '@shared/reports/charts';
import { useCall } from '../../api/queries';
import { useReports } from '../../stores/reports';
import { Chart } from '../../components/heavy-parts';
import { ciText, pct1 } from './format';
import { Pager, usePageOffset } from './Pager';
import { TableExport } from './TableExport';
import { useChartTheme } from './useChartTheme';

const PAGE = 50;

/** A setting as people read it: how many questions, passes, images and prompt. */
export function settingText(s: BoardSetting): string {
  return [`${s.questions} questions`, s.circular ? 'CircularEval' : 'single pass', s.images ? 'images' : 'no images',
    s.templateHash === 'imported' ? 'imported predictions' : `${s.templateName} #${s.templateHash.slice(0, 6)}`].join(' · ');
}

/**
 * Runs ranked by accuracy within one comparable setting of one dataset (issue 34: CircularEval and single pass, image
 * and no-image, subsets and other prompts are never ranked on one axis), a page at a time; a row opens the run's report.
 */
export function LeaderboardView() {
  const [picked, setPicked] = useState<number | null>(null);
  const [pickedSetting, setPickedSetting] = useState<string | null>(null);
  // The first page names the datasets; until one is picked the board shows the first dataset's runs.
  const first = useCall('reports.leaderboard', { datasetId: null, setting: null, offset: 0, limit: 1 });
  const datasets = first.data?.datasets ?? [];
  const datasetId = picked !== null && datasets.some((d) => d.id === picked) ? picked : datasets[0]?.id ?? null;
  // The dataset's settings, most runs first; until one is picked the board shows the first.
  const named = useCall('reports.leaderboard', { datasetId, setting: null, offset: 0, limit: 1 }, { enabled: datasetId !== null });
  const settings = named.data?.settings ?? [];
  const setting = pickedSetting !== null && settings.some((x) => x.key === pickedSetting) ? pickedSetting : settings[0]?.key ?? null;
  const [offset, setOffset] = usePageOffset(`${datasetId}:${setting}`);
  const board = useCall('reports.leaderboard', { datasetId, setting, offset, limit: PAGE }, { enabled: setting !== null, placeholderData: (prev) => prev });
  const openRun = useReports((s) => s.openRun);
  const theme = useChartTheme();
  const dataset = datasets.find((d) => d.id === datasetId)?.name ?? null;
  const rows = useMemo(() => board.data?.rows ?? [], [board.data]);
  const option = useMemo(() => accuracyBars(theme, rows.slice(0, 25).map((r) => `#${r.runId} ${r.name}`), [{ name: 'accuracy', cells: rows.slice(0, 25).map((r) => r.accuracy) }]), [rows, theme]);
  if (first.data && datasets.length === 0) return <p className="muted rview__error">No runs yet: start one in Runs, or import a prediction file, and it is ranked here.</p>;
  if (!board.data) return <p className="muted rview__error">Ranking…</p>;

  return (
    <div className="rview" data-testid="report.leaderboard">
      <div className="rgrid">
        <section className="rcard rcard--wide">
          <header className="rcard__head">
            <h3>Leaderboard</h3>
            <div className="chips">
              {datasets.map((d) => <button key={d.id} className={`chip${d.id === datasetId ? ' chip--on' : ''}`} onClick={() => setPicked(d.id)} title={`${d.runs} run${d.runs === 1 ? '' : 's'}`}>{d.name}</button>)}
            </div>
            <TableExport table={() => ({
              name: `leaderboard-${dataset ?? 'all'}`,
              columns: ['rank', 'run', 'model', 'dataset', 'questions', 'scored', 'accuracy %', 'ci95 low', 'ci95 high', 'genuine accuracy', 'circular', 'images',
                'template', 'template hash', 'question set', 'status', 'created'],
              rows: rows.map((r, i) => [
                offset + i + 1, r.name, r.model, r.datasetName, r.questions, r.accuracy.n, Number(pct1(r.accuracy.accuracy)),
                Number(pct1(r.accuracy.ci95.low)), Number(pct1(r.accuracy.ci95.high)), r.genuineAccuracy, r.circular, r.images,
                r.setting.templateName, r.setting.templateHash, r.setting.questionSet, r.status, r.createdAt,
              ]),
            })} />
          </header>
          <div className="chips" role="group" aria-label="Comparable setting" data-testid="leaderboard.settings">
            {settings.map((x) => (
              <button key={x.key} className={`chip${x.key === setting ? ' chip--on' : ''}`} aria-pressed={x.key === setting} onClick={() => setPickedSetting(x.key)}
                title={`${x.runs} run${x.runs === 1 ? '' : 's'} ranked together`} data-testid="leaderboard.setting">{settingText(x)}</button>
            ))}
          </div>
          {rows.length > 0 && <Chart option={option} height={barsHeight(Math.min(25, rows.length))} label="Accuracy of the runs on this page with 95% intervals" testId="leaderboard.chart" />}
          <table className="rtable rtable--click" data-testid="leaderboard.table">
            <thead><tr><th className="num">#</th><th>run</th><th>model</th><th className="num">scored</th><th className="num">accuracy</th><th className="num">95% CI</th><th className="num">GA</th><th>setting</th><th>status</th></tr></thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.runId} onClick={() => openRun(r.runId)} tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && openRun(r.runId)}>
                  <td className="num muted">{offset + i + 1}</td>
                  <td className="strong">{r.name}</td>
                  <td className="mono small">{r.model}</td>
                  <td className="num">{r.accuracy.n}/{r.questions}</td>
                  <td className="num strong">{pct1(r.accuracy.accuracy)}%</td>
                  <td className="num muted">{ciText(r.accuracy)}</td>
                  <td className="num">{r.genuineAccuracy === null ? '—' : r.genuineAccuracy.toFixed(2)}</td>
                  <td className="small" data-testid="leaderboard.row-setting">{[settingText(r.setting), r.kind !== 'model' && r.kind].filter(Boolean).join(' · ')}</td>
                  <td><span className={`status status--${r.status}`}>{r.status}</span></td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager offset={offset} size={PAGE} total={board.data.total} shown={rows.length} onOffset={setOffset} testId="leaderboard.pager" />
        </section>
      </div>
    </div>
  );
}
