import { useState } from 'react';
import { useCall } from '../../api/queries';
import { money } from '../runs/format';

const KINDS = ['target', 'judge', 'optimizer', 'analyzer', 'embeddings'] as const;

/** Every model call an optimisation made, by kind, with tokens and cost; cached calls cost nothing. */
export function CallsTable(props: { id: number }) {
  const [open, setOpen] = useState(false);
  const calls = useCall('optimizations.calls', { id: props.id }, { enabled: open });
  const rows = calls.data ?? [];
  return (
    <section className="calls-card">
      <button className="link-button" onClick={() => setOpen(!open)} data-testid="prompts.calls.toggle">{open ? 'Hide' : 'Show'} every call and its cost</button>
      {open && (
        <>
          <table className="rtable calls-summary" data-testid="prompts.calls">
            <thead><tr><th>kind</th><th className="num">calls</th><th className="num">from cache</th><th className="num">tokens in</th><th className="num">tokens out</th><th className="num">cost</th></tr></thead>
            <tbody>
              {KINDS.map((kind) => {
                const of = rows.filter((r) => r.kind === kind);
                if (of.length === 0) return null;
                const sum = (f: (r: (typeof of)[number]) => number | null) => of.reduce((s, r) => s + (f(r) ?? 0), 0);
                const priced = of.some((r) => r.cost !== null);
                return (
                  <tr key={kind}>
                    <td>{kind}</td><td className="num">{of.length}</td><td className="num">{of.filter((r) => r.cached).length}</td>
                    <td className="num">{sum((r) => r.tokensIn)}</td><td className="num">{sum((r) => r.tokensOut)}</td>
                    <td className="num">{priced ? money(sum((r) => r.cost)) : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div className="calls-list">
            {rows.slice(-200).reverse().map((r, i) => (
              <details key={i} className="call-row">
                <summary><span className="tag">{r.kind}</span> {r.model} · {r.cached ? 'cache' : `${r.tokensIn ?? '?'}${r.kind === 'embeddings' ? '' : ` → ${r.tokensOut ?? '?'}`} tokens · ${money(r.cost)}`} <span className="muted small">{r.at.slice(11, 19)}</span></summary>
                <pre>{r.prompt}</pre>
              </details>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
