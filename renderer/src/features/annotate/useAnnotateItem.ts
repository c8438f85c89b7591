import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DraftRole, TripletDraft } from '@shared/contract';
import { tripletIssues } from '@shared/domain/triplet-validation';
import { call } from '../../api/call';
import { queryClient, useCall } from '../../api/queries';
import { useWorkflow } from '../../stores/workflow';
import { usePrefetchUpcoming } from '../workflow/usePrefetchUpcoming';
import { issuesNotice } from './annotate-status';
import { useTripletEditor } from './useTripletEditor';

/** The open item of the annotator's queue: its triplet, the editor on its draft, moving on and submitting. */
export function useAnnotateItem() {
  const me = useCall('session.me');
  const info = useCall('app.info');
  const user = me.data?.user ?? null;
  const { annotateItem: itemId, openAnnotate, todoOnly } = useWorkflow();
  const tri = useCall('triplets.get', { itemId: itemId ?? -1 }, { enabled: itemId !== null && Boolean(user?.roles.includes('annotator')) });
  const scope = info.data?.project && user ? `${info.data.project.path}|${user.id}` : null;
  const editor = useTripletEditor(tri.data, scope);
  const [tried, setTried] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  usePrefetchUpcoming(tri.data);

  const t = tri.data;
  const draft = editor.draft;
  const issues = useMemo(() => (draft ? tripletIssues(draft, t?.origin?.text ?? null) : []), [draft, t?.origin?.text]);
  const editable = Boolean(t?.can.edit) && !editor.conflict;

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
    if (issues.length > 0) { setNotice(issuesNotice(issues.length)); return; }
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

  const setDraftRole = useCallback((role: DraftRole, value: TripletDraft[DraftRole]) => {
    if (draft) editor.change({ ...draft, [role]: value });
  }, [draft, editor]);

  return { me, user, itemId, tri, t, editor, draft, issues, editable, tried, notice, setNotice, move, submit, setDraftRole };
}
