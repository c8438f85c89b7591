import { CheckCheck, ChevronDown, ChevronUp, EyeOff, Send } from 'lucide-react';
import { useRef, type MutableRefObject } from 'react';
import { flushSync } from 'react-dom';
import type { DraftRole, Triplet } from '@shared/contract';
import { useShortcuts } from '../../input/useShortcuts';
import { OriginalPanel } from '../workflow/OriginalPanel';
import { QueueScreen } from '../workflow/QueueScreen';
import { OverrideMenu } from '../workflow/OverrideMenu';
import { StatusPill } from '../workflow/StatusPill';
import { ProvenanceBadge } from '../workflow/ProvenanceBadge';
import { WorkTime } from '../workflow/WorkTime';
import { VerdictForm } from './VerdictForm';
import { GuidelinesPanel } from '../workflow/GuidelinesPanel';
import { RoundDiffView } from '../workflow/RoundDiffView';
import { VisibleVerdicts } from './VisibleVerdicts';
import { ownVerdictNote, quickVerdict, splitReviews } from './review-verdicts';
import { useReviewItem } from './useReviewItem';

type ReviewItem = ReturnType<typeof useReviewItem>;
/** Each question's reason field, which `x` focuses. */
type ReasonFields = MutableRefObject<Partial<Record<DraftRole, HTMLSelectElement | null>>>;

/** The checker's keys: submit, move through the queue, and pass or flag the active question. */
function useReviewShortcuts(r: ReviewItem, reasons: ReasonFields) {
  const { t, active, verdicts, setVerdicts, setActive } = r;
  const judge = (verdict: 'pass' | 'problematic') => () => {
    if (!t?.can.review) return false;
    const next = quickVerdict(verdicts, active, verdict);
    // Drawn at once, so `x` can move the caret to the reason it asks for before the next key arrives.
    flushSync(() => {
      setVerdicts((v) => quickVerdict(v, active, verdict).pending);
      if (next.active !== active) setActive(next.active);
    });
    if (verdict === 'problematic') reasons.current[active]?.focus();
  };
  useShortcuts({
    'review.submit': () => void r.submit(),
    'review.next': () => void r.move('next'),
    'review.previous': () => void r.move('previous'),
    'review.nextAlt': () => void r.move('next'),
    'review.previousAlt': () => void r.move('previous'),
    'review.pass': judge('pass'),
    'review.problem': judge('problematic'),
  });
}

/** Review: a checker's independent Pass / Problematic on each question of the triplets assigned to them. */
export function ReviewScreen() {
  const r = useReviewItem();
  const reasons: ReasonFields = useRef({});
  useReviewShortcuts(r, reasons);

  return (
    <QueueScreen queue={r.queue} icon={CheckCheck} other="annotators work on the Annotate screen." emptyTitle="Nothing to review yet"
      empty="Triplets you check appear here once their annotator submits them. You never review your own work.">
      {(t) => <ReviewMain r={r} t={t} reasons={reasons} />}
    </QueueScreen>
  );
}

/** The item under review: its header, what is hidden or given, the original beside the two questions to judge. */
function ReviewMain({ r, t, reasons }: { r: ReviewItem; t: Triplet; reasons: ReasonFields }) {
  const { mine, others } = splitReviews(t, r.user?.id);
  return (
    <div className="workflow__main" data-testid="review.screen">
      <header className="workflow__bar workflow__bar--stacking">
        <h1>Item {t.extId}</h1>
        <StatusPill status={t.status} />
        <span className="muted small">round {t.round} · by {t.assignment?.annotator ?? '—'}</span>
        <WorkTime storedMs={t.myTimeMs} itemId={t.itemId} running={t.can.review} testId="review.time" />
        <ProvenanceBadge provenance={t.provenance} />
        <span className="spacer" />
        <button className="icon-button" onClick={() => void r.move('previous')} title="Previous (k)" aria-label="Previous item"><ChevronUp size={16} /></button>
        <button className="icon-button" onClick={() => void r.move('next')} title="Next (j)" aria-label="Next item"><ChevronDown size={16} /></button>
        <OverrideMenu triplet={t} />
        <button className="button button--primary" disabled={!t.can.review} onClick={() => void r.submit()} data-testid="review.submit" title="Submit your verdicts (Ctrl+Enter)">
          <Send size={14} /> Submit verdict
        </button>
      </header>
      {/* Under the bar, not in it: a long notice never pushes the buttons onto a second row. */}
      {r.message && <p className="workflow__notice" role="status" data-testid="review.notice">{r.message}</p>}
      {t.hiddenReviews > 0 && (
        <p className="workflow__lock" data-testid="review.hidden"><EyeOff size={14} /> The other checker's verdict stays hidden until you have given yours.</p>
      )}
      {mine.length > 0 && <p className="workflow__lock">{ownVerdictNote(t)}</p>}
      <ShownVersion t={t} />
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
          {!unsubmitted(t) && (['perception', 'knowledge'] as const).map((role) => (
            <VerdictForm key={role} role={role} question={t.draft[role]} verdict={r.verdicts[role] ?? mine[0]?.verdicts[role] ?? null}
              onChange={(v) => r.setVerdicts((s) => ({ ...s, [role]: v }))} active={r.active === role} onActivate={() => r.setActive(role)}
              disabled={!t.can.review} reasonRef={(el) => { reasons.current[role] = el; }} />
          ))}
          <VisibleVerdicts reviews={others} canReply={t.can.reply} />
        </div>
      </div>
    </div>
  );
}

/** Never submitted: the checker has nothing to judge yet (the annotator's work in progress is not theirs to read). */
const unsubmitted = (t: Triplet) => t.round === 0 && t.submitted === null;

/** Which text the questions below are: the submission a verdict was given on while the annotator reworks it. */
function ShownVersion({ t }: { t: Triplet }) {
  if (unsubmitted(t)) {
    return <p className="workflow__lock" data-testid="review.unsubmitted">Not submitted yet: {t.assignment?.annotator ?? 'the annotator'} is still writing this triplet.</p>;
  }
  if (!t.submitted) return null;
  return (
    <p className="workflow__lock" data-testid="review.submitted">
      Back with {t.assignment?.annotator ?? 'the annotator'} for changes. Shown: round {t.submitted.round} as submitted (version {t.submitted.version}),
      the text the verdicts were given on; the new text appears here once it is resubmitted.
    </p>
  );
}
