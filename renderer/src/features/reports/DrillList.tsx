import { useState } from 'react';
import type { DrillRow, Role } from '@shared/contract';
import { useCall } from '../../api/queries';
import { ROLES } from '@shared/reports/tables';
import { Pager, usePageOffset } from './Pager';
import { TableExport } from './TableExport';

interface Props {
  runId: number;
  given: Role;
  target: Role;
  source: string | undefined;
}

const PAGE = 100;

function Answer({ q }: { q: DrillRow['origin'] }) {
  if (!q) return <span className="muted">—</span>;
  return (
    <span className={`drill__answer drill__answer--${q.correct ? 'ok' : 'bad'}`} title={q.text} data-testid="drill.answer">
      {/* Said in words, not "A / C": which letter the model's reply was read as, and which is right. */}
      <span className="drill__word">read</span> {q.label ?? 'nothing'}<span className="drill__word"> · gold</span> {q.gold}
    </span>
  );
}

/** The triplets behind one heatmap cell, split by whether the target question is right too. */
export function DrillList({ runId, given, target, source }: Props) {
  const [targetRight, setTargetRight] = useState(false);
  const [offset, setOffset] = usePageOffset(`${runId}:${given}:${target}:${source ?? ''}:${targetRight}`);
  const drill = useCall('reports.drill', { runId, given, target, targetRight, offset, limit: PAGE, ...(source ? { source } : {}) }, { placeholderData: (prev) => prev });
  const rows = drill.data?.rows ?? [];
  const total = drill.data?.total ?? 0;
  return (
    <div className="drill" data-testid="drill">
      <div className="drill__head">
        <span><b>{given} right</b> and {target}</span>
        <div className="segmented segmented--small">
          <button className={`segmented__item${!targetRight ? ' segmented__item--on' : ''}`} onClick={() => setTargetRight(false)} data-testid="drill.wrong">wrong</button>
          <button className={`segmented__item${targetRight ? ' segmented__item--on' : ''}`} onClick={() => setTargetRight(true)} data-testid="drill.right">right</button>
        </div>
        <span className="muted" data-testid="drill.total">{drill.data && !drill.isFetching ? `${total} triplet${total === 1 ? '' : 's'}` : 'counting…'}</span>
        {given === 'origin' && target !== 'origin' && !targetRight && <span className="tag tag--warn">right for the wrong reasons?</span>}
        <TableExport table={() => ({
          name: `triplets-${given}-right-${target}-${targetRight ? 'right' : 'wrong'}`,
          columns: ['triplet', 'source', ...ROLES.flatMap((r) => [`${r} answer`, `${r} gold`, `${r} correct`])],
          rows: rows.map((r) => [r.extId, r.source, ...ROLES.flatMap((role) => [r[role]?.label ?? null, r[role]?.gold ?? null, r[role]?.correct ?? null])]),
        })} />
      </div>
      {total === 0 && !drill.isFetching ? <p className="muted small">No triplet falls in this cell.</p> : (
        <table className="rtable drill__table">
          <thead><tr><th>triplet</th><th>source</th><th>question ({target})</th>{ROLES.map((r) => <th key={r}>{r}</th>)}</tr></thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.itemId}>
                <td className="mono">{r.extId}</td>
                <td>{r.source}</td>
                <td className="rtable__text" title={r[target]?.text}>{r[target]?.text ?? '—'}</td>
                {ROLES.map((role) => <td key={role}><Answer q={r[role]} /></td>)}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager offset={offset} size={PAGE} total={total} shown={rows.length} onOffset={setOffset} testId="drill.pager" />
    </div>
  );
}
