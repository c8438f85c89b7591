import { useState } from 'react';
import { Reply } from 'lucide-react';
import type { DraftRole, Review } from '@shared/contract';
import { write } from '../../api/queries';

/** The replies under one question of a verdict, and (for the people on the triplet) a box to add one. */
export function ReviewThread(props: { review: Review; role: DraftRole; canReply: boolean }) {
  const replies = props.review.replies.filter((p) => p.role === props.role);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `thread.${props.review.id}.${props.role}`;
  const send = async () => {
    setBusy(true);
    try {
      await write('reviews.reply', { reviewId: props.review.id, role: props.role, body: text });
      setText('');
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="thread" data-testid={id}>
      {replies.length > 0 && (
        <ol className="thread__list">
          {replies.map((p) => (
            <li key={p.id} className="thread__reply" data-testid="thread.reply"><strong>{p.authorName}</strong> <span className="muted small">{new Date(p.at).toLocaleString()}</span><div>{p.body}</div></li>
          ))}
        </ol>
      )}
      {props.canReply && (
        <form className="thread__form" onSubmit={(e) => { e.preventDefault(); if (text.trim()) void send(); }}>
          <input value={text} onChange={(e) => setText(e.target.value)} placeholder={`Reply to ${props.review.checkerName}…`} aria-label={`Reply to ${props.review.checkerName} on ${props.role}`}
            maxLength={5000} data-testid={`${id}.input`} />
          <button className="button" type="submit" disabled={busy || !text.trim()} data-testid={`${id}.send`}><Reply size={13} /> Reply</button>
        </form>
      )}
      {error && <p className="error-box" role="alert">{error}</p>}
    </div>
  );
}
