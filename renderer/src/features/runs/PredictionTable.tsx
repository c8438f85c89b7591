import type { PredictionOutcome, PredictionRow } from '@shared/contract';
import { extractionPaths } from '@shared/scoring/extract';
import { usePagedList } from '../../api/usePagedList';
import { RoleBadge } from '../../components/RoleBadge';
import { useRuns } from '../../stores/runs';

const ROW_HEIGHT = 44;
const outcomes: { value: PredictionOutcome | null; label: string }[] = [
  { value: null, label: 'All' }, { value: 'correct', label: 'Correct' }, { value: 'wrong', label: 'Wrong' },
  { value: 'failed', label: 'Unreadable' }, { value: 'error', label: 'Errors' }, { value: 'pending', label: 'Not asked' },
];

function Row(props: { row: PredictionRow | undefined; active: boolean; onClick: () => void }) {
  const r = props.row;
  if (!r) return <div className="prow"><div className="skeleton" /></div>;
  const answer = r.corrected ?? r.extracted;
  return (
    <div className={`prow${props.active ? ' prow--active' : ''}`} onClick={props.onClick} role="option" aria-selected={props.active}
      data-testid="runs.prediction" data-outcome={r.outcome}>
      <span className="prow__pos">{r.position + 1}{r.pass > 0 && <sup>·{r.pass}</sup>}</span>
      <RoleBadge role={r.role} />
      <span className="prow__text">{r.questionText}</span>
      <span className="prow__gold" title="Gold answer">{r.gold}</span>
      <span className={`prow__answer${r.corrected ? ' prow__answer--corrected' : ''}`} title={r.corrected ? `corrected by hand; extractor read ${r.extracted ?? 'nothing'}` : undefined}>
        {r.outcome === 'error' ? '—' : answer ?? '∅'}
      </span>
      <span className="prow__path">{r.extraction ?? (r.outcome === 'error' ? 'error' : '')}{r.cached && <span className="tag tag--muted">cache</span>}</span>
      <span className={`outcome outcome--${r.outcome}`}>{r.outcome === 'failed' ? 'unreadable' : r.outcome === 'pending' ? 'not asked' : r.outcome}</span>
    </div>
  );
}

/** A run's predictions in question order, virtualised, filterable by outcome and extraction path. */
export function PredictionTable(props: { runId: number; live: boolean }) {
  const { outcome, extraction, setOutcome, setExtraction, cursor, setCursor, predictionId, openPrediction } = useRuns();
  const filter = { runId: props.runId, ...(outcome ? { outcome } : {}), ...(extraction ? { extraction } : {}) };
  const { total, rowAt, error, parent, virtualizer, onKeyDown } = usePagedList('runs.predictions', filter, {
    rowHeight: ROW_HEIGHT,
    cursor,
    setCursor,
    refetchMs: props.live ? 1500 : false,
    onMove: (row) => row.id && predictionId !== null && openPrediction(row.id),
    onOpen: (row) => row.id && openPrediction(row.id),
    onClose: () => openPrediction(null),
  });

  return (
    <div className="ptable">
      <div className="ptable__filters">
        <div className="chips" role="radiogroup" aria-label="Outcome">
          {outcomes.map((o) => (
            <button key={o.label} role="radio" aria-checked={outcome === o.value} className={`chip${outcome === o.value ? ' chip--on' : ''}`}
              onClick={() => setOutcome(o.value)} data-testid={`runs.filter.${o.value ?? 'all'}`}>{o.label}</button>
          ))}
        </div>
        <label className="facet">
          <span className="facet__label">Extraction</span>
          <select value={extraction ?? ''} onChange={(e) => setExtraction((e.target.value || null) as typeof extraction)} data-testid="runs.filter.extraction">
            <option value="">any path</option>
            {extractionPaths.map((p) => <option key={p} value={p}>{p}</option>)}
          </select>
        </label>
        <span className="filter-bar__count" data-testid="runs.count">{total.toLocaleString()} shown</span>
      </div>
      <div className="prow prow--head" aria-hidden>
        <span className="prow__pos">#</span><span>Role</span><span className="prow__text">Question</span><span className="prow__gold">Gold</span>
        <span className="prow__answer">Read</span><span className="prow__path">How</span><span>Outcome</span>
      </div>
      {error ? <div className="list-message list-message--error">{error.message}</div> : total === 0 ? (
        <div className="list-message">Nothing matches this filter.</div>
      ) : (
        <div className="ptable__body" ref={parent} tabIndex={0} role="listbox" aria-label="Predictions" onKeyDown={onKeyDown} data-testid="runs.table">
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((v) => {
              const row = rowAt(v.index);
              return (
                <div key={v.key} style={{ position: 'absolute', top: 0, left: 0, right: 0, height: v.size, transform: `translateY(${v.start}px)` }}>
                  <Row row={row} active={v.index === cursor} onClick={() => {
                    setCursor(v.index);
                    if (row?.id) openPrediction(row.id);
                    parent.current?.focus();
                  }} />
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
