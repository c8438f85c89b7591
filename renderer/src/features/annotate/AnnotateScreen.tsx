import { useCallback, useEffect, useMemo, useState } from 'react';
import { ChevronDown, ChevronUp, History, PenLine, Send } from 'lucide-react';
import type { DraftRole } from '@shared/contract';
import { optionLabel } from '@shared/domain/options';
import { tripletIssues } from '@shared/domain/triplet-validation';
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
import { ConflictPanel } from './ConflictPanel';
import { DraftForm, type AddRequest } from './DraftForm';
import { HistoryPanel } from './HistoryPanel';
import { GuidelinesPanel } from '../workflow/GuidelinesPanel';
import { formatDuration } from '../workflow/format-time';
import { useTripletEditor } from './useTripletEditor';

const saveText = {
  saved: 'Saved', dirty: 'Unsaved changes', saving: 'Saving…', error: 'Not saved',
  offline: 'Server unreachable — kept on this computer, saving when it is back',
} as const;

/** Annotate: the original question beside the perception and knowledge forms, for the items assigned to you. */
export function AnnotateScreen() {
  const me = useCall('session.me');
  const info = useCall('app.info');
  const user = me.data?.user ?? null;
  const { annotateItem: itemId, openAnnotate, todoOnly, historyOpen, toggleHistory } = useWorkflow();
  const tri = useCall('triplets.get', { itemId: itemId ?? -1 }, { enabled: itemId !== null && Boolean(user?.roles.includes('annotator')) });
  const scope = info.data?.project && user ? `${info.data.project.path}|${user.id}` : null;
  const editor = useTripletEditor(tri.data, scope);
  const [addRequest, setAddRequest] = useState<AddRequest | null>(null);
  const [active, setActive] = useState<DraftRole>('perception');
  const [tried, setTried] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  usePrefetchUpcoming(tri.data);

  const t = tri.data;
  const draft = editor.draft;
  const issues = useMemo(() => (draft ? tripletIssues(draft, t?.origin?.text ?? null) : []), [draft, t?.origin?.text]);
  const editable = Boolean(t?.can.edit) && !editor.conflict;
  const lastRound = t ? t.reviews.filter((r) => r.round === Math.max(...t.reviews.map((x) => x.round))) : [];
  const notes = t && (t.status === 'returned' || t.status === 'resubmitted') ? lastRound : [];

  useEffect(() => { setTried(false); setNotice(null); }, [itemId]);
  const refetch = tri.refetch;
  // A refused save: load theirs, so the conflict panel can show both texts.
  useEffect(() => { if (editor.conflict) void refetch(); }, [editor.conflict, refetch]);

  const move = useCallback(async (direction: 'next' | 'previous') => {
    if (itemId === null) return;
    await editor.flush();
    const next = await call('triplets.next', { kind: 'annotate', todo: todoOnly, itemId, direction });
    if (next.itemId !== null) openAnnotate(next.itemId);
    else setNotice(direction === 'next' ? 'That was the last item in your queue.' : 'This is the first item in your queue.');
  }, [itemId, todoOnly, editor, openAnnotate]);

  const submit = useCallback(async () => {
    if (!t || !draft || !editable) return;
    setTried(true);
    if (issues.length > 0) { setNotice(`${issues.length} thing${issues.length === 1 ? '' : 's'} to fix before submitting.`); return; }
    try {
      const saved = await editor.submit();
      if (!saved) return;
      await queryClient.invalidateQueries({ queryKey: ['triplets.queue'] });
      const next = await call('triplets.next', { kind: 'annotate', todo: true, itemId: t.itemId, direction: 'next' });
      setNotice(`Submitted item ${t.extId} for review.`);
      if (next.itemId !== null) openAnnotate(next.itemId);
      else void tri.refetch();
    } catch (e) {
      setNotice((e as Error).message);
    }
  }, [t, draft, editable, issues, editor, openAnnotate, tri]);

  const setDraftRole = useCallback((role: DraftRole, value: NonNullable<typeof draft>[DraftRole]) => {
    if (draft) editor.change({ ...draft, [role]: value });
  }, [draft, editor]);

  const step = (direction: 'next' | 'previous') => () => void move(direction);
  useShortcuts({
    'annotate.submit': () => void submit(),
    'annotate.save': () => void editor.flush(),
    'annotate.next': step('next'),
    'annotate.previous': step('previous'),
    'annotate.nextAlt': step('next'),
    'annotate.previousAlt': step('previous'),
    'annotate.history': () => toggleHistory(),
    'annotate.addOption': () => {
      if (!draft || !editable) return false;
      setAddRequest((r) => ({ n: (r?.n ?? 0) + 1 }));
    },
    'annotate.answer': (e) => {
      const index = e ? Number(e.key) - 1 : -1;
      if (!draft || !editable || index < 0 || index >= draft[active].options.length) return false;
      setDraftRole(active, { ...draft[active], answer: optionLabel(index) });
    },
  });

  const gate = roleGate('annotate', user, Boolean(me.data), 'annotator', PenLine, 'checkers work on the Review screen.');
  if (gate) return gate;
  return (
    <div className="workflow">
      <QueueList kind="annotate" selected={itemId} onSelect={openAnnotate} />
      {itemId === null || !t ? (
        <EmptyPane loading={tri.isLoading} icon={PenLine} title="Nothing to annotate yet" testId="annotate.empty">
          When a lead assigns items to you (Team → Assign), they appear on the left. Each needs a perception and a knowledge question.
        </EmptyPane>
      ) : (
        <div className={`workflow__main${historyOpen ? ' workflow__main--history' : ''}`} data-testid="annotate.screen">
          <header className="workflow__bar">
            <h1>Item {t.extId}</h1>
            <StatusPill status={t.status} />
            {t.round > 0 && <span className="muted small">round {t.round}</span>}
            <span className="muted small" data-testid="annotate.time" title="Your active time on this item (counted while you work on it)">your time {formatDuration(t.myTimeMs)}</span>
            <span className={`savestate savestate--${editor.state}`} data-testid="annotate.saveState">
              {saveText[editor.state]}{editor.state === 'saved' && editor.version ? ` · v${editor.version}` : ''}
            </span>
            <span className="spacer" />
            {notice && <span className="workflow__notice" data-testid="annotate.notice">{notice}</span>}
            <button className="icon-button" onClick={() => void move('previous')} title="Previous (k)" aria-label="Previous item"><ChevronUp size={16} /></button>
            <button className="icon-button" onClick={() => void move('next')} title="Next (j)" aria-label="Next item" data-testid="annotate.next"><ChevronDown size={16} /></button>
            <OverrideMenu triplet={t} />
            <button className="button" onClick={toggleHistory} data-testid="annotate.history"><History size={14} /> History</button>
            <button className="button button--primary" disabled={!editable} onClick={() => void submit()} data-testid="annotate.submit"
              title="Submit for review (Ctrl+Enter)">
              <Send size={14} /> {t.status === 'returned' ? 'Resubmit' : 'Submit'}
            </button>
          </header>
          {editor.conflict && <ConflictPanel conflict={editor.conflict} theirs={tri.data} onResolve={(keep) => void editor.resolve(keep)} />}
          {editor.error && !editor.conflict && <p className="error-box">{editor.error}</p>}
          {!t.can.edit && (
            <p className="workflow__lock" data-testid="annotate.locked">
              {t.status === 'accepted' ? 'Accepted by both checkers — read-only.' : t.assignment?.annotator !== user?.id ? 'This item is assigned to someone else — read-only.' : 'Submitted — waiting for the checkers. It comes back here if they flag a problem.'}
            </p>
          )}
          <div className="workflow__panes">
            <OriginalPanel triplet={t} />
            {draft && (
              <div className="drafts">
                <GuidelinesPanel datasetId={t.datasetId} />
                {(['perception', 'knowledge'] as const).map((role) => (
                  <DraftForm key={role} role={role} draft={draft[role]} onChange={(d) => setDraftRole(role, d)}
                    issues={issues.filter((i) => i.role === role)} tried={tried} itemId={t.itemId}
                    active={active === role} onActivate={() => setActive(role)} disabled={!editable} notes={notes} canReply={t.can.reply}
                    addRequest={active === role ? addRequest : null} />
                ))}
              </div>
            )}
          </div>
        </div>
      )}
      {historyOpen && t && (
        <HistoryPanel itemId={t.itemId} canRestore={editable} onClose={toggleHistory}
          onRestore={(r) => void call('triplets.restore', { itemId: t.itemId, revisionId: r.id, baseVersion: editor.version ?? t.version })
            .then(() => queryClient.invalidateQueries({ queryKey: ['triplets.get'] }))
            .then(() => queryClient.invalidateQueries({ queryKey: ['triplets.history'] }))
            .catch((e: Error) => setNotice(e.message))} />
      )}
    </div>
  );
}
