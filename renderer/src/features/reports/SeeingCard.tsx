import { useMemo } from 'react';
import type { RunSummary } from '@shared/contract';
import { barsHeight, seeingBars } from '@shared/reports/charts';
import { useCall } from '../../api/queries';
import { useReports } from '../../stores/reports';
import { Chart } from '../../components/heavy-parts';
import { pct1 } from './format';
import { useChartTheme } from './useChartTheme';

function RunSelect({ label, value, runs, onChange, optional, testId }: {
  label: string; value: number | null; runs: RunSummary[]; onChange(id: number | null): void; optional?: boolean; testId: string;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} data-testid={testId}>
        <option value="">{optional ? '— none —' : '— pick a run —'}</option>
        {runs.map((r) => <option key={r.id} value={r.id}>{r.name}{r.images ? '' : ' (no images)'}</option>)}
      </select>
    </label>
  );
}

/** MMStar's seeing-or-not: what the image adds (MG) and what multimodal training leaked in (ML). */
export function SeeingCard({ runs }: { runs: RunSummary[] }) {
  const { seeing, setSeeing } = useReports();
  const theme = useChartTheme();
  const ready = seeing.withImages !== null && seeing.withoutImages !== null;
  const result = useCall('reports.seeing', { withImages: seeing.withImages ?? 0, withoutImages: seeing.withoutImages ?? 0, textOnly: seeing.textOnly }, { enabled: ready });
  const option = useMemo(() => {
    const d = result.data;
    if (!d) return null;
    return seeingBars(theme, [
      { label: 'S_v — with images', cell: d.sv },
      { label: 'S_wv — images withheld', cell: d.swv },
      ...(d.st ? [{ label: 'S_t — text-only LLM', cell: d.st }] : []),
    ]);
  }, [result.data, theme]);
  return (
    <section className="rcard rcard--wide" data-testid="report.seeing">
      <header className="rcard__head"><h3>Seeing or not (MMStar)</h3><span className="muted small">the same LMM with and without images, and its text-only base LLM</span></header>
      <div className="seeing__pick">
        <RunSelect label="with images (S_v)" value={seeing.withImages} runs={runs} onChange={(id) => setSeeing({ withImages: id })} testId="seeing.sv" />
        <RunSelect label="images withheld (S_wv)" value={seeing.withoutImages} runs={runs} onChange={(id) => setSeeing({ withoutImages: id })} testId="seeing.swv" />
        <RunSelect label="text-only LLM (S_t)" value={seeing.textOnly} runs={runs} onChange={(id) => setSeeing({ textOnly: id })} optional testId="seeing.st" />
      </div>
      {result.isError && <p className="notice notice--danger">{result.error.message}</p>}
      {result.data?.note && <p className="notice" data-testid="seeing.note">{result.data.note}</p>}
      {result.data?.warnings.map((w) => <p key={w} className="notice" data-testid="seeing.warning">{w}</p>)}
      {result.data && option && (
        <div className="rcard__split">
          <Chart option={option} height={barsHeight(result.data.st ? 3 : 2)} label="Seeing-or-not accuracies" />
          <div className="tiles">
            <div className="tile"><span className="stat__label">multimodal gain</span><b data-testid="seeing.mg">{pct1(result.data.mg)}</b><span className="muted small">MG = S_v − S_wv, points</span></div>
            <div className="tile"><span className="stat__label">multimodal leakage</span><b>{result.data.ml === null ? '—' : pct1(result.data.ml)}</b><span className="muted small">ML = max(0, S_wv − S_t)</span></div>
            <div className="tile"><span className="stat__label">questions</span><b>{result.data.common}</b><span className="muted small">answered by every run</span></div>
          </div>
        </div>
      )}
    </section>
  );
}
