import { useState } from 'react';
import { Shuffle } from 'lucide-react';
import { countOf } from '@shared/domain/count-words';
import { useCall, useMutate } from '../../api/queries';

type Mode = 'count' | 'category' | 'items';

/** Split a dataset's unassigned items between annotators, two checkers per item drawn from a pool. */
export function AssignView(props: { datasetId: number | undefined }) {
  const users = useCall('users.list');
  const facets = useCall('questions.facets', props.datasetId === undefined ? {} : { datasetId: props.datasetId }, { enabled: props.datasetId !== undefined });
  const assign = useMutate('assignments.assign');
  const [annotators, setAnnotators] = useState<string[]>([]);
  const [checkers, setCheckers] = useState<string[]>([]);
  const [mode, setMode] = useState<Mode>('count');
  const [count, setCount] = useState(50);
  const [category, setCategory] = useState('');
  const [ids, setIds] = useState('');
  const list = users.data ?? [];
  const toggle = (set: (f: (s: string[]) => string[]) => void, id: string) => set((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const unassigned = facets.data?.statuses.find((s) => s.value === 'unassigned')?.count;
  if (props.datasetId === undefined) return <p className="muted">Pick a dataset above to assign its items.</p>;
  const submit = () => assign.mutate({
    datasetId: props.datasetId!, annotators, checkers,
    select: mode === 'count' ? { mode, count } : mode === 'category' ? { mode, category } : { mode, itemIds: ids.split(/[\s,]+/).filter(Boolean).map(Number) },
  });
  return (
    <div className="assign panel" data-testid="team.assign">
      <p className="muted small">Items are split into disjoint runs, one per annotator, in dataset order. Every item gets two checkers from the pool, least loaded first, never its own annotator. {unassigned !== undefined && <strong data-testid="assign.unassigned">Unassigned items hold {countOf(unassigned, 'question')}.</strong>}</p>
      <div className="assign__cols">
        <fieldset className="assign__people">
          <legend>Annotators</legend>
          {list.filter((u) => u.roles.includes('annotator')).map((u) => (
            <label key={u.id} className="check"><input type="checkbox" checked={annotators.includes(u.id)} onChange={() => toggle(setAnnotators, u.id)} data-testid={`assign.annotator.${u.name}`} /> {u.displayName}</label>
          ))}
          {!list.some((u) => u.roles.includes('annotator')) && <p className="muted small">No annotators yet — add people first.</p>}
        </fieldset>
        <fieldset className="assign__people">
          <legend>Checker pool</legend>
          {list.filter((u) => u.roles.includes('checker')).map((u) => (
            <label key={u.id} className="check"><input type="checkbox" checked={checkers.includes(u.id)} onChange={() => toggle(setCheckers, u.id)} data-testid={`assign.checker.${u.name}`} /> {u.displayName}</label>
          ))}
        </fieldset>
        <fieldset className="assign__what">
          <legend>Which items</legend>
          <label className="check"><input type="radio" checked={mode === 'count'} onChange={() => setMode('count')} /> The next
            <input type="number" min={1} value={count} onChange={(e) => setCount(Number(e.target.value))} className="assign__count" data-testid="assign.count" /> unassigned items</label>
          <label className="check"><input type="radio" checked={mode === 'category'} onChange={() => setMode('category')} /> Unassigned items of category
            <select value={category} onChange={(e) => setCategory(e.target.value)} onFocus={() => setMode('category')}>
              <option value="">…</option>
              {(facets.data?.categories ?? []).map((c) => <option key={c.value} value={c.value}>{c.value} ({countOf(c.count, 'question')})</option>)}
            </select></label>
          <label className="check"><input type="radio" checked={mode === 'items'} onChange={() => setMode('items')} /> These item ids (reassigns them)
            <input value={ids} onChange={(e) => setIds(e.target.value)} onFocus={() => setMode('items')} placeholder="12, 13, 40" /></label>
        </fieldset>
      </div>
      <div className="button-row">
        <button className="button button--primary" disabled={annotators.length === 0 || checkers.length < 2 || assign.isPending} onClick={submit} data-testid="assign.submit">
          <Shuffle size={14} /> Assign
        </button>
        {assign.error && <span className="danger small" role="alert">{assign.error.message}</span>}
        {assign.data && <span className="ok small" data-testid="assign.result">Assigned {countOf(assign.data.assigned, 'item')}: {Object.entries(assign.data.byAnnotator).map(([u, n]) => `${u} ${countOf(n, 'item')}`).join(', ')}.</span>}
      </div>
    </div>
  );
}
