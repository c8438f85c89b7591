import type { AccuracyCellData } from '@shared/contract';
import { ciText, clusterCiText, pct1 } from './format';

interface Props {
  label: string;
  rows: readonly { group: string; cell: AccuracyCellData }[];
  testId?: string;
}

/** Groups with n, correct, accuracy and interval; a thin bar makes the column scannable. */
export function AccuracyTable({ label, rows, testId }: Props) {
  // A cluster column only where some group's questions are clustered (triplets, VRP variants); a dash elsewhere.
  const clustered = rows.some((r) => r.cell.ci95Cluster);
  return (
    <table className="rtable" data-testid={testId}>
      <thead><tr><th>{label}</th><th className="num">n</th><th className="num">correct</th><th>accuracy</th><th className="num" title="Wilson score interval, questions taken as independent">95% CI</th>
        {clustered && <th className="num" title="Cluster bootstrap: whole triplets or VRP originals resampled, 2,000 times, fixed seed">cluster CI</th>}</tr></thead>
      <tbody>
        {rows.map(({ group, cell }) => (
          <tr key={group}>
            <td className="rtable__group" title={group}>{group}</td>
            <td className="num">{cell.n}</td>
            <td className="num">{cell.correct}</td>
            <td><span className="meter"><span className="meter__fill" style={{ width: `${cell.accuracy}%` }} /></span><b className="num">{pct1(cell.accuracy)}%</b></td>
            <td className="num muted">{ciText(cell)}</td>
            {clustered && <td className="num muted">{clusterCiText(cell)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
