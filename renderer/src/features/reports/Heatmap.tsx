import type { Role } from '@shared/contract';
import { heatColour, heatText } from '@shared/reports/charts';
import { ROLES } from '@shared/reports/tables';
import { pct1 } from './format';
import { useChartTheme } from './useChartTheme';

interface Props {
  /** conditional[target][given] = P(target right | given right), ×100. */
  conditional: Record<Role, Record<Role, number>>;
  /** Triplets with each column's question right; a column with none has no conditional to show. */
  given: Record<Role, number>;
  selected: { given: Role; target: Role } | null;
  onPick(cell: { given: Role; target: Role }): void;
}

/**
 * MMEvalPro's 3×3 conditional accuracy as a grid of buttons: each cell is focusable and opens the triplets behind it,
 * which a canvas heatmap could not offer to the keyboard.
 */
export function Heatmap({ conditional, given: counts, selected, onPick }: Props) {
  const theme = useChartTheme();
  return (
    <div className="heatmap" role="grid" aria-label="P(row right | column right)">
      <div className="heatmap__corner">P(row ✓ | column ✓)</div>
      {ROLES.map((given) => <div key={given} className="heatmap__col" role="columnheader">{given} ✓<span className="muted"> n={counts[given]}</span></div>)}
      {ROLES.map((target) => (
        <div key={target} className="heatmap__row" role="row">
          <div className="heatmap__rowhead" role="rowheader">{target}</div>
          {ROLES.map((given) => {
            const v = conditional[target][given];
            const on = selected?.given === given && selected.target === target;
            if (counts[given] === 0) {
              return <div key={given} role="gridcell" className="heatmap__cell heatmap__cell--none" data-testid={`heatmap.${target}.${given}`} title={`No triplet has its ${given} question right`}>—</div>;
            }
            return (
              <button key={given} role="gridcell" className={`heatmap__cell${on ? ' heatmap__cell--on' : ''}`} data-testid={`heatmap.${target}.${given}`}
                style={{ background: heatColour(v, theme), color: heatText(v, theme) }} onClick={() => onPick({ given, target })}
                title={`P(${target} right | ${given} right) = ${pct1(v)}% — show the triplets`} aria-pressed={on}>
                {pct1(v)}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
