import { useEffect, useState } from 'react';
import { Play } from 'lucide-react';
import { HUMAN_MODEL, RANDOM_MODEL, type RunConfigInput, type Role } from '@shared/contract';
import { useCall, useMutate } from '../../api/queries';
import { useDebounced } from '../../api/useDebounced';
import { Modal } from '../../components/Modal';
import { useNavigation } from '../../stores/navigation';
import { useRuns } from '../../stores/runs';
import { money } from './format';

const roles: Role[] = ['origin', 'perception', 'knowledge'];

/** Configure a run, see what it will cost (requests, cache hits, tokens, dollars), then start it. */
export function NewRunDialog(props: { onClose: () => void }) {
  const datasets = useCall('datasets.list');
  const endpoints = useCall('endpoints.list');
  const templates = useCall('runs.templates');
  const start = useMutate('runs.start');
  const [editing, setEditing] = useState(false);
  const selectRun = useRuns((s) => s.selectRun);
  const go = useNavigation((s) => s.go);
  const [form, setForm] = useState<RunConfigInput>({ datasetId: -1, model: '', roles: [...roles], templateId: 'vlmevalkit-mcq', circular: false, images: true, judge: null, limit: null });
  const set = (patch: Partial<RunConfigInput>) => setForm((f) => ({ ...f, ...patch }));

  useEffect(() => {
    if (form.datasetId === -1 && datasets.data?.[0]) set({ datasetId: datasets.data[0].id });
  }, [datasets.data, form.datasetId]);
  useEffect(() => {
    if (form.model === '' && endpoints.data) set({ model: endpoints.data[0]?.name ?? RANDOM_MODEL });
  }, [endpoints.data, form.model]);

  const facets = useCall('questions.facets', { datasetId: form.datasetId }, { enabled: form.datasetId !== -1 });
  const preset = templates.data?.find((t) => t.id === form.templateId);
  const setFilter = (key: 'source' | 'category', value: string) => set({ filter: { ...form.filter, [key]: value || undefined } });
  const ready = form.datasetId !== -1 && form.model !== '' && (form.roles?.length ?? 0) > 0;
  const planInput = useDebounced(form, 250);
  const plan = useCall('runs.plan', planInput, { enabled: ready, retry: false });
  const human = form.model === HUMAN_MODEL;

  const submit = () => start.mutate(form, {
    onSuccess: ({ runId }) => {
      selectRun(runId);
      go('runs');
      props.onClose();
    },
  });

  return (
    <Modal title="New evaluation run" onClose={props.onClose} testId="runs.newDialog" wide
      footer={<>
        <button className="button" onClick={props.onClose}>Cancel</button>
        <button className="button button--primary" disabled={!ready || start.isPending || plan.isError} onClick={submit} data-testid="runs.start">
          <Play size={14} /> {human ? 'Start answering' : 'Start run'}
        </button>
      </>}>
      <form className="form" onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <div className="field-row">
          <label className="field"><span>Dataset</span>
            <select value={form.datasetId} onChange={(e) => set({ datasetId: Number(e.target.value) })} data-testid="runs.form.dataset">
              {datasets.data?.map((d) => <option key={d.id} value={d.id}>{d.name} ({d.questionCount} questions)</option>)}
            </select>
          </label>
          <label className="field"><span>Model</span>
            <select value={form.model} onChange={(e) => set({ model: e.target.value })} data-testid="runs.form.model">
              {endpoints.data?.map((e) => <option key={e.name} value={e.name}>{e.name} — {e.model}{e.kind === 'text' ? ' (text only)' : ''}</option>)}
              <option value={RANDOM_MODEL}>random-guess (seeded baseline)</option>
              <option value={HUMAN_MODEL}>human (answer the questions yourself)</option>
            </select>
          </label>
        </div>
        {endpoints.data?.length === 0 && <p className="muted small">No model endpoints yet: add one in Settings (g s). The baselines work without one.</p>}
        <fieldset className="field checks"><span>Roles</span>
          <div className="button-row">
            {roles.map((r) => (
              <label key={r} className="check">
                <input type="checkbox" checked={form.roles?.includes(r) ?? false}
                  onChange={(e) => set({ roles: e.target.checked ? [...(form.roles ?? []), r] : (form.roles ?? []).filter((x) => x !== r) })} /> {r}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field-row">
          <label className="field"><span>Source</span>
            <select value={form.filter?.source ?? ''} onChange={(e) => setFilter('source', e.target.value)}>
              <option value="">all sources</option>
              {facets.data?.sources.map((f) => <option key={f.value} value={f.value}>{f.value || '(none)'} ({f.count})</option>)}
            </select>
          </label>
          <label className="field"><span>Category</span>
            <select value={form.filter?.category ?? ''} onChange={(e) => setFilter('category', e.target.value)}>
              <option value="">all categories</option>
              {facets.data?.categories.map((f) => <option key={f.value} value={f.value}>{f.value || '(none)'} ({f.count})</option>)}
            </select>
          </label>
        </div>
        <div className="field-row">
          <label className="field"><span>Prompt template</span>
            <select value={form.templateId} onChange={(e) => set({ templateId: e.target.value, template: null })} data-testid="runs.form.template">
              {templates.data?.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            </select>
          </label>
          <label className="field"><span>Judge for unreadable answers</span>
            <select value={form.judge ?? ''} onChange={(e) => set({ judge: e.target.value || null })} disabled={human}>
              <option value="">none — record as unreadable</option>
              {endpoints.data?.map((e) => <option key={e.name} value={e.name}>{e.name}</option>)}
            </select>
          </label>
        </div>
        {preset && !human && (
          <div className="template-edit">
            <button type="button" className="button button--ghost" onClick={() => setEditing(!editing)}>
              {editing ? 'Hide the prompt' : form.template ? 'Edit the prompt (edited)' : 'Edit the prompt'}
            </button>
            {editing && (
              <label className="field"><span>Multiple-choice prompt — placeholders {'{question}'}, {'{options}'}, {'{hint_line}'}; its hash is stored with the run</span>
                <textarea rows={5} value={form.template?.multipleChoice ?? preset.multipleChoice} data-testid="runs.form.prompt"
                  onChange={(e) => set({ template: e.target.value === preset.multipleChoice ? null : { ...preset, id: `${preset.id}-edited`, name: `${preset.name} (edited)`, multipleChoice: e.target.value } })} />
              </label>
            )}
          </div>
        )}
        <div className="field-row">
          <label className="field"><span>Only the first N questions</span>
            <input type="number" min={1} placeholder="all" value={form.limit ?? ''} onChange={(e) => set({ limit: e.target.value ? Number(e.target.value) : null })} data-testid="runs.form.limit" />
          </label>
          <label className="field"><span>Temperature</span>
            <input type="number" min={0} max={2} step={0.1} placeholder="endpoint default" value={form.temperature ?? ''} disabled={human}
              onChange={(e) => set({ temperature: e.target.value === '' ? null : Number(e.target.value) })} />
          </label>
          <label className="field"><span>Seed</span>
            <input type="number" placeholder="none" value={form.seed ?? ''} onChange={(e) => set({ seed: e.target.value === '' ? null : Number(e.target.value) })} />
          </label>
        </div>
        <div className="button-row wrap options-row">
          <label className="check" title="Ask each k-option question k times with rotated options; right only if every pass is"><input type="checkbox" checked={form.circular ?? false} disabled={human} onChange={(e) => set({ circular: e.target.checked })} data-testid="runs.form.circular" /> CircularEval</label>
          <label className="check" title="Off withholds images (seeing-or-not)"><input type="checkbox" checked={form.images ?? true} onChange={(e) => set({ images: e.target.checked })} /> Send images</label>
          <label className="check" title="Stop the run at the first request that fails after its retries"><input type="checkbox" checked={form.failFast ?? false} disabled={human} onChange={(e) => set({ failFast: e.target.checked })} /> Fail fast</label>
          <label className="check" title="Sent as one provider batch (/v1/files + /v1/batches): cheaper, answered within hours; a restart polls the same batch">
            <input type="checkbox" checked={form.batch ?? false} disabled={human || form.model === RANDOM_MODEL} onChange={(e) => set({ batch: e.target.checked })} data-testid="runs.form.batch" /> Send as one batch
          </label>
          <label className="check" title="Larger images are scaled down, keeping their aspect">Max image side
            <input className="narrow" type="number" min={64} max={8192} value={form.imageMaxSide ?? 1536} onChange={(e) => set({ imageMaxSide: Number(e.target.value) || 1536 })} /> px
          </label>
        </div>
      </form>
      <div className="plan" data-testid="runs.plan">
        {plan.isError ? <p className="error-box">{plan.error.message}</p> : plan.data ? (
          <>
            <div className="plan__numbers">
              <div><b>{plan.data.questions.toLocaleString()}</b><span>questions</span></div>
              <div><b>{plan.data.requests.toLocaleString()}</b><span>requests</span></div>
              <div><b>{plan.data.fromCache.toLocaleString()}</b><span>from cache</span></div>
              <div><b>{plan.data.promptTokens.toLocaleString()}</b><span>prompt tokens (est.)</span></div>
              <div><b>{money(plan.data.maxCost)}</b><span>{plan.data.maxCost === null ? 'cost (no prices set)' : 'cost at most'}</span></div>
            </div>
            {plan.data.batchDiscount !== null && (
              <p className="muted small" data-testid="runs.plan.batch">
                Sent as one batch: the provider's {Math.round(plan.data.batchDiscount * 100)}% batch discount is in the cost; answers arrive when the batch completes (providers allow up to 24 h).
              </p>
            )}
            {plan.data.warnings.map((w) => <p key={w} className="warning">{w}</p>)}
          </>
        ) : <p className="muted small">Working out the requests…</p>}
      </div>
      {start.error && <p className="error-box">{start.error.message}</p>}
    </Modal>
  );
}
