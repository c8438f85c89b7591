import { X } from 'lucide-react';
import type { Question } from '@shared/contract';
import { useCall } from '../../api/queries';
import { RoleBadge } from '../../components/RoleBadge';
import { ImageViewer } from '../../components/heavy-parts';

const SCORING_WORDS: Record<NonNullable<Question['scoring']>, string> = {
  choice: 'the chosen option', 'mmmu-open': 'MMMU open-answer matching', bleu4: 'BLEU-4 > 0.8 on its code', 'exact-text': 'exact text',
  graded: 'a grader\'s 0–1 score (METHODS §5.1)',
};

function QuestionCard({ q }: { q: Question }) {
  return (
    <section className="question-card" data-testid={`item.question.${q.role}`}>
      <header className="question-card__header">
        <RoleBadge role={q.role} full />
        <span className="muted">{q.type === 'open' ? 'open answer' : `${q.options.length} options`}</span>
        {q.scoring && <span className="muted small" data-testid="item.question.scoring" title="How the answer is judged (METHODS §5)">scored by {SCORING_WORDS[q.scoring]}</span>}
      </header>
      {q.hint && <p className="question-card__hint"><strong>Hint:</strong> {q.hint}</p>}
      <p className="question-card__text">{q.text}</p>
      {q.options.length > 0 && (
        <ol className="options">
          {q.options.map((o) => {
            const correct = q.answer.includes(o.label);
            return (
              <li key={o.label} className={`option${correct ? ' option--correct' : ''}`}>
                <span className="option__label">{o.label}</span>
                <span className="option__text">{o.text}</span>
                {correct && <span className="option__mark">gold</span>}
              </li>
            );
          })}
        </ol>
      )}
      {q.type === 'open' && <p className="question-card__answer">Accepted: {q.answer.length ? q.answer.join(' · ') : '—'}</p>}
      {q.type === 'multiple-choice' && q.answer.some((a) => !q.options.some((o) => o.label === a)) && (
        <p className="warning">The gold answer “{q.answer.join(', ')}” is not one of the option labels.</p>
      )}
    </section>
  );
}

/** One item: its images with zoom and pan, its metadata and all its questions with options and the gold answer. */
export function ItemPanel(props: { itemId: number; onClose: () => void }) {
  const item = useCall('items.get', { id: props.itemId });
  if (item.isLoading) return <aside className="item-panel"><div className="skeleton skeleton--block" /></aside>;
  if (item.error || !item.data) return <aside className="item-panel"><p className="warning">{item.error?.message}</p></aside>;
  const d = item.data;
  const facts: [string, string | null][] = [
    ['Source', d.source], ['Category', d.category], ['L2 category', d.l2Category], ['Subject', d.subject], ['Split', d.split], ['Status', d.status],
  ];
  return (
    <aside className="item-panel" data-testid="item.panel" aria-label={`Item ${d.extId}`}>
      <header className="item-panel__header">
        <div>
          <div className="muted small">{d.datasetName}</div>
          <h2 data-testid="item.title">Item {d.extId}</h2>
        </div>
        <button className="icon-button" onClick={props.onClose} aria-label="Close item (Esc)"><X size={16} /></button>
      </header>
      <ImageViewer images={d.images} />
      <dl className="facts">
        {facts.filter(([, v]) => v).map(([k, v]) => (
          <div key={k}><dt>{k}</dt><dd>{v}</dd></div>
        ))}
      </dl>
      <div className="item-panel__questions">
        {d.questions.map((q) => <QuestionCard key={q.id} q={q} />)}
      </div>
    </aside>
  );
}
