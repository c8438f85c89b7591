import type { Triplet } from '@shared/contract';
import { RoleBadge } from '../../components/RoleBadge';
import { ImageViewer } from '../../components/heavy-parts';

/** The original question, read-only: images with zoom and pan, text, options and the gold answer. */
export function OriginalPanel(props: { triplet: Triplet }) {
  const t = props.triplet;
  const o = t.origin;
  return (
    <section className="original" data-testid="triplet.original">
      <ImageViewer images={t.images} />
      <div className="question-card">
        <header className="question-card__header">
          <RoleBadge role="origin" full />
          <span className="muted">item {t.extId}{t.source ? ` · ${t.source}` : ''}{t.category ? ` · ${t.category}` : ''}</span>
        </header>
        {!o && <p className="warning">This item has no original question.</p>}
        {o?.hint && <p className="question-card__hint"><strong>Hint:</strong> {o.hint}</p>}
        {o && <p className="question-card__text">{o.text}</p>}
        {o && o.options.length > 0 && (
          <ol className="options">
            {o.options.map((opt) => (
              <li key={opt.label} className={`option${o.answer.includes(opt.label) ? ' option--correct' : ''}`}>
                <span className="option__label">{opt.label}</span>
                <span className="option__text">{opt.text}</span>
                {o.answer.includes(opt.label) && <span className="option__mark">gold</span>}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
