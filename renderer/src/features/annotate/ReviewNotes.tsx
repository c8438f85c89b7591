import { MessageSquareWarning } from 'lucide-react';
import type { DraftRole, Review } from '@shared/contract';
import { reasonLabels } from '../workflow/reasons';

/** What the checkers flagged on one question, shown inline where the annotator fixes it. */
export function ReviewNotes(props: { role: DraftRole; reviews: Review[] }) {
  const flagged = props.reviews.filter((r) => r.verdicts[props.role].verdict === 'problematic');
  if (flagged.length === 0) return null;
  return (
    <ul className="notes" data-testid={`draft.${props.role}.notes`}>
      {flagged.map((r) => {
        const v = r.verdicts[props.role];
        return (
          <li key={r.id} className="note">
            <MessageSquareWarning size={14} />
            <span><strong>{r.checkerName}</strong> · {v.reason ? reasonLabels[v.reason] : 'problematic'}{v.comment ? `: ${v.comment}` : ''}</span>
          </li>
        );
      })}
    </ul>
  );
}
