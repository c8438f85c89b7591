import type { Review } from '@shared/contract';
import { reasonLabels } from '../workflow/reasons';
import { ReviewThread } from '../workflow/ReviewThread';

const roles = ['perception', 'knowledge'] as const;

/** The verdicts a checker may see (earlier rounds, the other checker's once theirs is in), with the replies under them. */
export function VisibleVerdicts(props: { reviews: Review[]; canReply: boolean }) {
  if (props.reviews.length === 0) return null;
  return (
    <section className="draft">
      <div className="section-title">Verdicts you can see</div>
      <ul className="notes">
        {props.reviews.map((r) => (
          <li key={r.id} className="note" data-testid="review.visible">
            <span>Round {r.round} · <strong>{r.checkerName}</strong>: {roles.map((role) => {
              const v = r.verdicts[role];
              return `${role} ${v.verdict === 'pass' ? 'pass' : `problematic (${v.reason ? reasonLabels[v.reason] : '?'}${v.comment ? `: ${v.comment}` : ''})`}`;
            }).join('; ')}</span>
            {roles.filter((role) => r.verdicts[role].verdict === 'problematic' || r.verdicts[role].comment.trim()).map((role) => (
              <ReviewThread key={role} review={r} role={role} canReply={props.canReply} />
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
