import type { RunSummary } from '@shared/contract';
import { useCall, useMutate } from '../../api/queries';
import { useShortcuts } from '../../input/useShortcuts';
import { Kbd } from '../../components/Kbd';
import { ImageViewer } from '../../components/heavy-parts';

/** Human evaluation: a person answers the run's questions one by one, by click or by pressing the option's letter. */
export function HumanPanel(props: { run: RunSummary }) {
  const next = useCall('runs.nextHuman', { id: props.run.id });
  const item = useCall('items.get', { id: next.data?.itemId ?? -1 }, { enabled: Boolean(next.data) });
  const answer = useMutate('runs.answer');
  const q = next.data;

  useShortcuts({
    'runs.answer': (e) => {
      if (!q || !e) return false;
      const byDigit = /^[1-9]$/.test(e.key) ? q.options[Number(e.key) - 1]?.label : undefined;
      const chosen = q.options.find((o) => o.label === e.key.toUpperCase())?.label ?? byDigit;
      if (!chosen) return false;
      answer.mutate({ runId: props.run.id, questionId: q.questionId, pass: q.pass, label: chosen });
    },
  });

  if (next.isSuccess && !q) return <div className="list-message" data-testid="runs.human.done">Every question of this run is answered. Its accuracy is in the header above.</div>;
  if (!q) return <div className="list-message">Loading…</div>;
  return (
    <div className="human" data-testid="runs.human">
      <div className="human__image">{item.data && <ImageViewer images={item.data.images} />}</div>
      <div className="human__question">
        <p className="muted small">Question {q.position + 1} · {q.remaining} left · answer with <Kbd>A</Kbd>–<Kbd>{q.options.at(-1)?.label ?? 'D'}</Kbd> or <Kbd>1</Kbd>–<Kbd>{String(q.options.length)}</Kbd></p>
        <p className="question-card__text">{q.text}</p>
        {q.hint && <p className="question-card__hint">Hint: {q.hint}</p>}
        <div className="human__options">
          {q.options.map((o) => (
            <button key={o.label} className="option-chip option-chip--big" disabled={answer.isPending}
              onClick={() => answer.mutate({ runId: props.run.id, questionId: q.questionId, pass: q.pass, label: o.label })} data-testid={`runs.human.${o.label}`}>
              <b>{o.label}</b> {o.text}
            </button>
          ))}
        </div>
        {answer.error && <p className="error-box">{answer.error.message}</p>}
      </div>
    </div>
  );
}
