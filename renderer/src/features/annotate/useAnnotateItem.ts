import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DraftRole, TripletDraft } from '@shared/contract';
import { tripletIssues } from '@shared/domain/triplet-validation';
import { CallError } from '../../api/call';
import { useQueueItem } from '../workflow/useQueueItem';
import { CHECK_REFUSALS } from './DraftCheck';
import { issuesNotice } from './annotate-status';
import { useTripletEditor } from './useTripletEditor';

/** The open item of the annotator's queue: its triplet, the editor on its draft, moving on and submitting. */
export function useAnnotateItem() {
  const queue = useQueueItem('annotate');
  const { itemId, tri, t, message: notice, setMessage: setNotice, moveOnFrom } = queue;
  const editor = useTripletEditor(t, queue.personScope);
  const [tried, setTried] = useState(false);
  // A submission refused by the check of drafts: shown beside "Check without the image", not as a passing notice.
  const [checkRefusal, setCheckRefusal] = useState<string | null>(null);

  const draft = editor.draft;
  const issues = useMemo(() => (draft ? tripletIssues(draft, t?.origin?.text ?? null) : []), [draft, t?.origin?.text]);
  const editable = Boolean(t?.can.edit) && !editor.conflict;

  useEffect(() => { setTried(false); setCheckRefusal(null); }, [itemId]);
  const refetch = tri.refetch;
  // A refused save: load theirs, so the conflict panel can show both texts.
  useEffect(() => { if (editor.conflict) void refetch(); }, [editor.conflict, refetch]);

  const queueMove = queue.move;
  const move = useCallback((direction: 'next' | 'previous') => queueMove(direction, editor.flush), [queueMove, editor.flush]);

  /** Submits and moves on; true once the item was submitted. */
  const submit = useCallback(async (): Promise<boolean> => {
    if (!t || !draft || !editable) return false;
    setTried(true);
    setCheckRefusal(null);
    if (issues.length > 0) { setNotice(issuesNotice(issues.length)); return false; }
    try {
      const saved = await editor.submit();
      if (!saved) return false;
      await moveOnFrom(t.itemId, `Submitted item ${t.extId} for review.`);
      return true;
    } catch (e) {
      if (e instanceof CallError && CHECK_REFUSALS.includes(e.code)) setCheckRefusal(e.message);
      else setNotice((e as Error).message);
      return false;
    }
  }, [t, draft, editable, issues, editor, setNotice, moveOnFrom]);

  const setDraftRole = useCallback((role: DraftRole, value: TripletDraft[DraftRole]) => {
    if (draft) editor.change({ ...draft, [role]: value });
  }, [draft, editor]);

  return {
    queue, me: queue.me, user: queue.user, itemId, tri, t, editor, draft, issues, editable, tried, notice, setNotice, move, submit, setDraftRole, checkRefusal,
    setCheckRefusal,
  };
}
