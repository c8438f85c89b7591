import { useEffect, useRef, useState, type RefObject } from 'react';
import { ChevronDown, ChevronUp, History, PenLine, Send } from 'lucide-react';
import type { DraftRole, Triplet } from '@shared/contract';
import { optionLabel } from '@shared/domain/options';
import { write } from '../../api/queries';
import { useShortcuts } from '../../input/useShortcuts';
import { useWorkflow } from '../../stores/workflow';
import { OriginalPanel } from '../workflow/OriginalPanel';
import { QueueScreen } from '../workflow/QueueScreen';
import { OverrideMenu } from '../workflow/OverrideMenu';
import { StatusPill } from '../workflow/StatusPill';
import { lockReason, notesToAnswer, optionIndexForKey, saveLabel } from './annotate-status';
import { ConflictPanel } from './ConflictPanel';
import { DraftForm, type OptionAdders } from './DraftForm';
import { BlindFlag } from './BlindFlag';
import { HistoryPanel } from './HistoryPanel';
import { GuidelinesPanel } from '../workflow/GuidelinesPanel';
import { WorkTime } from '../workflow/WorkTime';
import { useAnnotateItem } from './useAnnotateItem';
import { DraftWithModel } from './DraftWithModel';
import { DraftCheck } from './DraftCheck';
import { ProvenanceBadge } from '../workflow/ProvenanceBadge';

type AnnotateItem = ReturnType<typeof useAnnotateItem>;

/** The annotator's keys: submit, save, move through the queue, history, add an option, mark an answer. */
function useAnnotateShortcuts(a: AnnotateItem, active: DraftRole, adders: OptionAdders, submit: () => void) {
  const { toggleHistory } = useWorkflow();
  const { draft, editable } = a;
  const step = (direction: 'next' | 'previous') => () => void a.move(direction);
  useShortcuts({
    'annotate.submit': submit,
    'annotate.save': () => void a.editor.flush(),
    'annotate.next': step('next'),
    'annotate.previous': step('previous'),
    'annotate.nextAlt': step('next'),
    'annotate.previousAlt': step('previous'),
    'annotate.history': () => toggleHistory(),
    'annotate.addOption': () => {
      const add = adders.current[active];
      if (!draft || !editable || !add) return false;
      add();
    },
    'annotate.answer': (e) => {
      const index = draft ? optionIndexForKey(e?.key, draft[active].options.length) : null;
      if (!draft || !editable || index === null) return false;
      a.setDraftRole(active, { ...draft[active], answer: optionLabel(index) });
    },
  });
}

/**
 * Submit and move on, then put the caret in the next item's first question once it is shown, so the person types on
 * without hunting for the field (the page body would otherwise hold the focus, ten Tabs away from it).
 */
function useSubmitAndFocus(a: AnnotateItem, firstField: RefObject<HTMLTextAreaElement | null>) {
  const [submittedFrom, setSubmittedFrom] = useState<number | null>(null);
  const { t, draft, editable } = a;
  useEffect(() => {
    if (submittedFrom === null || !t || t.itemId === submittedFrom || !draft) return;
    setSubmittedFrom(null);
    if (editable) firstField.current?.focus();
  }, [submittedFrom, t, draft, editable, firstField]);
  return () => {
    const from = t?.itemId ?? null;
    void a.submit().then((submitted) => { if (submitted) setSubmittedFrom(from); });
  };
}

/** Annotate: the original question beside the perception and knowledge forms, for the items assigned to you. */
export function AnnotateScreen() {
  const a = useAnnotateItem();
  const { historyOpen, toggleHistory } = useWorkflow();
  const adders: OptionAdders = useRef({});
  const [active, setActive] = useState<DraftRole>('perception');
  const { t, editor, draft, editable } = a;
  const firstField = useRef<HTMLTextAreaElement>(null);
  const submit = useSubmitAndFocus(a, firstField);
  useAnnotateShortcuts(a, active, adders, submit);

  return (
    <QueueScreen queue={a.queue} icon={PenLine} other="checkers work on the Review screen." emptyTitle="Nothing to annotate yet"
      empty="When a lead assigns items to you (Team → Assign), they appear on the left. Each needs a perception and a knowledge question."
      after={historyOpen && t && (
        <HistoryPanel itemId={t.itemId} canRestore={editable} onClose={toggleHistory}
          onRestore={(r) => void write('triplets.restore', { itemId: t.itemId, revisionId: r.id, baseVersion: editor.version ?? t.version })
            .catch((e: Error) => a.setNotice(e.message))} />
      )}>
      {(t) => (
        <div className={`workflow__main${historyOpen ? ' workflow__main--history' : ''}`} data-testid="annotate.screen">
          <AnnotateBar a={a} t={t} submit={submit} />
          <AnnotateNotice notice={a.notice} />
          <DraftCheck t={t} editable={a.editable} flush={editor.flush} version={editor.version} refusal={a.checkRefusal}
            onStart={() => a.setCheckRefusal(null)} />
          <BlindFlag itemId={t.itemId} role="origin" />
          {editor.conflict && <ConflictPanel conflict={editor.conflict} theirs={a.tri.data} onResolve={(keep) => void editor.resolve(keep)} />}
          {editor.error && !editor.conflict && <p className="error-box">{editor.error}</p>}
          {!t.can.edit && <p className="workflow__lock" data-testid="annotate.locked">{lockReason(t, a.user?.id)}</p>}
          <div className="workflow__panes">
            <OriginalPanel triplet={t} />
            {draft && (
              <div className="drafts">
                <GuidelinesPanel datasetId={t.datasetId} />
                {(['perception', 'knowledge'] as const).map((role) => (
                  <DraftForm key={role} role={role} draft={draft[role]} onChange={(d) => a.setDraftRole(role, d)}
                    issues={a.issues.filter((i) => i.role === role)} tried={a.tried} itemId={t.itemId}
                    active={active === role} onActivate={() => setActive(role)} disabled={!editable} notes={notesToAnswer(t)} canReply={t.can.reply}
                    adders={adders} textRef={role === 'perception' ? firstField : undefined} />
                ))}
              </div>
            )}
          </div>
        </div>
      )}
    </QueueScreen>
  );
}

/** The item's header: which item, its status and time, the save state, moving on, history and submit. */
function AnnotateBar({ a, t, submit }: { a: AnnotateItem; t: Triplet; submit: () => void }) {
  const { toggleHistory } = useWorkflow();
  const { editor } = a;
  return (
    <header className="workflow__bar workflow__bar--stacking">
      <h1>Item {t.extId}</h1>
      <StatusPill status={t.status} />
      {t.round > 0 && <span className="muted small">round {t.round}</span>}
      <WorkTime storedMs={t.myTimeMs} itemId={t.itemId} running={a.editable} testId="annotate.time" />
      <span className={`savestate savestate--${editor.state}`} data-testid="annotate.saveState">
        {saveLabel(editor.state, editor.version)}
      </span>
      <ProvenanceBadge provenance={t.provenance} brief />
      <span className="spacer" />
      <DraftWithModel t={t} editable={a.editable} flush={editor.flush} version={editor.version} onNotice={a.setNotice} />
      <button className="icon-button" onClick={() => void a.move('previous')} title="Previous (k)" aria-label="Previous item"><ChevronUp size={16} /></button>
      <button className="icon-button" onClick={() => void a.move('next')} title="Next (j)" aria-label="Next item" data-testid="annotate.next"><ChevronDown size={16} /></button>
      <OverrideMenu triplet={t} />
      <button className="button" onClick={toggleHistory} data-testid="annotate.history"><History size={14} /> History</button>
      <button className="button button--primary" disabled={!a.editable} onClick={submit} data-testid="annotate.submit"
        title="Submit for review (Ctrl+Enter)">
        <Send size={14} /> {t.status === 'returned' ? 'Resubmit' : 'Submit'}
      </button>
    </header>
  );
}

/** The notice under the bar, not in it: a long one never pushes History and Submit onto a second row. */
function AnnotateNotice({ notice }: { notice: string | null }) {
  return notice ? <p className="workflow__notice" role="status" data-testid="annotate.notice">{notice}</p> : null;
}
