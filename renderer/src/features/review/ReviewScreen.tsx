import { useCallback, useEffect, useState } from 'react';
import { CheckCheck, ChevronDown, ChevronUp, EyeOff, Send } from 'lucide-react';
import type { DraftRole, TripletVerdicts, Verdict } from '@shared/contract';
import { call } from '../../api/call';
import { queryClient, useCall } from '../../api/queries';
import { useShortcuts } from '../../app/useShortcuts';
import { useWorkflow } from '../../stores/workflow';
import { OriginalPanel } from '../workflow/OriginalPanel';
import { QueueList } from '../workflow/QueueList';
import { OverrideMenu } from '../workflow/OverrideMenu';
import { EmptyPane, roleGate } from '../workflow/RoleGate';
import { StatusPill } from '../workflow/StatusPill';
import { usePrefetchUpcoming } from '../workflow/usePrefetchUpcoming';
import { VerdictForm } from './VerdictForm';
import { GuidelinesPanel } from '../workflow/GuidelinesPanel';
import { RoundDiffView } from '../workflow/RoundDiffView';
import { VisibleVerdicts } from './VisibleVerdicts';
import { useWorkClock } from '../workflow/useWorkClock';

type Pending = Record<DraftRole, Verdict | null>;
const none: Pending = { perception: null, knowledge: null };

/** Review: a checker's independent Pass / Problematic on each question of the triplets assigned to them. */
export function ReviewScreen() {
  const me = useCall('session.me');
  const info = useCall('app.info');
  const user = me.data?.user ?? null;
  const { reviewItem: itemId, openReview, todoOnly } = useWorkflow();
  const tri = useCall('triplets.get', { itemId: itemId ?? -1 }, { enabled: itemId !== null && Boolean(user?.roles.includes('checker')) });
  const scope = info.data?.project && user && tri.data?.can.review ? `${info.data.project.path}|${user.id}` : null;
  const clock = useWorkClock(tri.data?.itemId ?? null, 'review', scope);
  const [verdicts, setVerdicts] = useState<Pending>(none);
  const [active, setActive] = useState<DraftRole>('perception');
  const [message, setMessage] = useState<string | null>(null);
  usePrefetchUpcoming(tri.data);
  const t = tri.data;

  useEffect(() => { setVerdicts(none); setMessage(null); setActive('perception'); }, [itemId]);

  const move = useCallback(async (direction: 'next' | 'previous') => {
    if (itemId === null) return;
    const next = await call('triplets.next', { kind: 'review', todo: todoOnly, itemId, direction });
    if (next.itemId !== null) openReview(next.itemId);
    else setMessage(direction === 'next' ? 'That was the last triplet in your queue.' : 'This is the first triplet in your queue.');
  }, [itemId, todoOnly, openReview]);

  const submit = useCallback(async () => {
    if (!t?.can.review) return;
    if (!verdicts.perception || !verdicts.knowledge) { setMessage('Give a verdict on both questions first.'); return; }
    try {
      const time = clock.take(t.itemId);
      const result = await call('reviews.submit', { itemId: t.itemId, verdicts: verdicts as TripletVerdicts, time });
      clock.ack(t.itemId, time);
      await queryClient.invalidateQueries({ queryKey: ['triplets.queue'] });
      const next = await call('triplets.next', { kind: 'review', todo: true, itemId: t.itemId, direction: 'next' });
      setMessage(`Verdict on item ${t.extId} saved — it is now ${result.status.replace('_', ' ')}.`);
      if (next.itemId !== null) openReview(next.itemId);
      else void tri.refetch();
    } catch (e) {
      setMessage((e as Error).message);
    }
  }, [t, verdicts, openReview, tri, clock]);

  const judge = (verdict: 'pass' | 'problematic') => () => {
    if (!t?.can.review) return false;
    setVerdicts((v) => ({ ...v, [active]: { verdict, reason: null, comment: v[active]?.comment ?? '' } }));
    if (verdict === 'pass' && active === 'perception') setActive('knowledge');
  };
  useShortcuts({
    'review.submit': () => void submit(),
    'review.next': () => void move('next'),
    'review.previous': () => void move('previous'),
    'review.nextAlt': () => void move('next'),
    'review.previousAlt': () => void move('previous'),
    'review.pass': judge('pass'),
    'review.problem': judge('problematic'),
  });

  const gate = roleGate('review', user, Boolean(me.data), 'checker', CheckCheck, 'annotators work on the Annotate screen.');
  if (gate) return gate;
  const mine = t?.reviews.filter((r) => r.round === t.round && r.checker === user?.id) ?? [];
  const visibleOthers = t?.reviews.filter((r) => !(r.round === t.round && r.checker === user?.id)) ?? [];
  return (
    <div className="workflow">
      <QueueList kind="review" selected={itemId} onSelect={openReview} />
      {itemId === null || !t ? (
        <EmptyPane loading={tri.isLoading} icon={CheckCheck} title="Nothing to review yet" testId="review.empty">
          Triplets you check appear here once their annotator submits them. You never review your own work.
        </EmptyPane>
      ) : (
        <div className="workflow__main" data-testid="review.screen">
          <header className="workflow__bar">
            <h1>Item {t.extId}</h1>
            <StatusPill status={t.status} />
            <span className="muted small">round {t.round} · by {t.assignment?.annotator ?? '—'}</span>
            <span className="spacer" />
            {message && <span className="workflow__notice" data-testid="review.notice">{message}</span>}
            <button className="icon-button" onClick={() => void move('previous')} title="Previous (k)" aria-label="Previous item"><ChevronUp size={16} /></button>
            <button className="icon-button" onClick={() => void move('next')} title="Next (j)" aria-label="Next item"><ChevronDown size={16} /></button>
            <OverrideMenu triplet={t} />
            <button className="button button--primary" disabled={!t.can.review} onClick={() => void submit()} data-testid="review.submit" title="Submit your verdicts (Ctrl+Enter)">
              <Send size={14} /> Submit verdict
            </button>
          </header>
          {t.hiddenReviews > 0 && (
            <p className="workflow__lock" data-testid="review.hidden"><EyeOff size={14} /> The other checker's verdict stays hidden until you have given yours.</p>
          )}
          {mine.length > 0 && <p className="workflow__lock">You gave your verdict for round {t.round}{t.hiddenReviews === 0 && t.reviews.filter((r) => r.round === t.round).length < 2 ? '; the other checker has not yet.' : '.'}</p>}
          <div className="workflow__panes">
            <OriginalPanel triplet={t} />
            <div className="drafts">
              <GuidelinesPanel datasetId={t.datasetId} />
              {t.roundDiff && (
                <details className="draft" open data-testid="review.diff">
                  <summary className="section-title">What changed since round {t.roundDiff.from}</summary>
                  <RoundDiffView diff={t.roundDiff} />
                </details>
              )}
              {(['perception', 'knowledge'] as const).map((role) => (
                <VerdictForm key={role} role={role} question={t.draft[role]} verdict={verdicts[role] ?? mine[0]?.verdicts[role] ?? null}
                  onChange={(v) => setVerdicts((s) => ({ ...s, [role]: v }))} active={active === role} onActivate={() => setActive(role)} disabled={!t.can.review} />
              ))}
              <VisibleVerdicts reviews={visibleOthers} canReply={t.can.reply} />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
