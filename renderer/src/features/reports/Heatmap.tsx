import { useRef, useState, type KeyboardEvent } from 'react';
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

const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
const clamp = (n: number) => Math.max(0, Math.min(ROLES.length - 1, n));

/**
 * The grid's one tab stop (WAI-ARIA grid pattern): Tab enters at the selected cell, the arrows move between the nine,
 * Enter or Space opens the triplets behind one.
 */
function useGridFocus(selected: Props['selected'], onPick: Props['onPick'], counts: Props['given']) {
  const [active, setActive] = useState<[number, number]>(selected ? [ROLES.indexOf(selected.target), ROLES.indexOf(selected.given)] : [0, 0]);
  const cells = useRef(new Map<string, HTMLDivElement>());
  const onKeyDown = (e: KeyboardEvent, row: number, col: number) => {
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      const next: [number, number] = [clamp(row + move[0]), clamp(col + move[1])];
      setActive(next);
      cells.current.get(`${next[0]}.${next[1]}`)?.focus();
    } else if ((e.key === 'Enter' || e.key === ' ') && counts[ROLES[col]!] > 0) {
      e.preventDefault();
      onPick({ target: ROLES[row]!, given: ROLES[col]! });
    }
  };
  const ref = (row: number, col: number) => (el: HTMLDivElement | null) => {
    if (el) cells.current.set(`${row}.${col}`, el);
    else cells.current.delete(`${row}.${col}`);
  };
  const tabIndex = (row: number, col: number) => (active[0] === row && active[1] === col ? 0 : -1);
  return { onKeyDown, ref, tabIndex, setActive };
}

/**
 * MMEvalPro's 3×3 conditional accuracy as an ARIA grid (DECISIONS 190): rows of gridcells a screen reader reads with
 * their row and column headers, the selected one marked with aria-selected, and a keyboard that moves like a
 * spreadsheet's, which a canvas heatmap could not offer.
 */
export function Heatmap({ conditional, given: counts, selected, onPick }: Props) {
  const theme = useChartTheme();
  const focus = useGridFocus(selected, onPick, counts);
  return (
    <div className="heatmap" role="grid" aria-label="P(row right | column right)" data-testid="heatmap">
      <div className="heatmap__row" role="row">
        <div className="heatmap__corner" role="columnheader">P(row ✓ | column ✓)</div>
        {ROLES.map((given) => <div key={given} className="heatmap__col" role="columnheader">{given} ✓<span className="muted"> n={counts[given]}</span></div>)}
      </div>
      {ROLES.map((target, row) => (
        <div key={target} className="heatmap__row" role="row">
          <div className="heatmap__rowhead" role="rowheader">{target}</div>
          {ROLES.map((given, col) => {
            const v = conditional[target][given];
            const on = selected?.given === given && selected.target === target;
            const common = {
              role: 'gridcell', 'aria-selected': on, tabIndex: focus.tabIndex(row, col), ref: focus.ref(row, col), 'data-testid': `heatmap.${target}.${given}`,
              onKeyDown: (e: KeyboardEvent) => focus.onKeyDown(e, row, col), onFocus: () => focus.setActive([row, col]),
            };
            if (counts[given] === 0) {
              return <div key={given} {...common} className="heatmap__cell heatmap__cell--none" title={`No triplet has its ${given} question right`}>—</div>;
            }
            return (
              <div key={given} {...common} className={`heatmap__cell heatmap__cell--pick${on ? ' heatmap__cell--on' : ''}`}
                style={{ background: heatColour(v, theme), color: heatText(v, theme) }} onClick={() => onPick({ given, target })}
                title={`P(${target} right | ${given} right) = ${pct1(v)}% — show the triplets`}>
                {pct1(v)}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
