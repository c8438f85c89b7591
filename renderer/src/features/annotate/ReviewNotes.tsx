import { MessageSquareWarning } from 'lucide-react';
import type { DraftRole, Review } from '@shared/contract';
import { reasonLabels } from '../workflow/reasons';
import { ReviewThread } from '../workflow/ReviewThread';

/** What the checkers flagged or said on one question, shown inline where the annotator fixes it, with its thread. */
export function ReviewNotes(props: { role: DraftRole; reviews: Review[]; canReply: boolean }) {
  const flagged = props.reviews.filter((r) => r.verdicts[props.role].verdict === 'problematic' || r.verdicts[props.role].comment.trim());
  if (flagged.length === 0) return null;
  return (
    <ul className="notes" data-testid={`draft.${props.role}.notes`}>
      {flagged.map((r) => {
        const v = r.verdicts[props.role];
        const label = v.verdict === 'pass' ? 'pass' : v.reason ? reasonLabels[v.reason] : 'problematic';
        return (
          <li key={r.id} className="note">
            <MessageSquareWarning size={14} />
            <span><strong>{r.checkerName}</strong> · {label}{v.comment ? `: ${v.comment}` : ''}</span>
            <ReviewThread review={r} role={props.role} canReply={props.canReply} />
          </li>
        );
      })}
    </ul>
  );
}
