import { useEffect } from 'react';
import { Wand2 } from 'lucide-react';
import { DEFAULT_PARAMS } from '@shared/optimize/params';
import { useCall, useMutate } from '../../api/queries';
import { useDebounced } from '../../api/useDebounced';
import { useDatasetForm } from '../../api/useDatasetForm';
import { Modal } from '../../components/Modal';
import { useOptimize } from '../../stores/optimize';
import { SimilarityField, TaskFields } from './OptimizationChoices';
import { defaultModels, initialOptimizationForm, optimizationReady, type OptimizationForm as Form } from './optimization-form';

/** The optimisation's settings, with the first dataset and endpoints chosen once they load, and the plan they make. */
function useOptimizationForm() {
  const { datasets, form, set } = useDatasetForm<Form>(initialOptimizationForm);
  const endpoints = useCall('endpoints.list');
  useEffect(() => {
    const models = defaultModels(endpoints.data ?? []);
    if (models && form.target === '') set(models);
  }, [endpoints.data, form.target]);

  const ready = optimizationReady(form);
  const planInput = useDebounced(form, 250);
  // The debounced copy lags the form by 250 ms: it may still hold no dataset (-1) after the form has one.
  const plan = useCall('optimizations.plan', planInput, { enabled: ready && optimizationReady(planInput), retry: false });
  return { datasets, endpoints, form, set, ready, plan };
}

type OptimizationSetup = ReturnType<typeof useOptimizationForm>;

/** Configure a TP-Eval optimisation and see, before starting, how many calls of each kind it makes at most. */
export function NewOptimizationDialog(props: { onClose(): void }) {
  const f = useOptimizationForm();
  const { form, ready, plan } = f;
  const start = useMutate('optimizations.start');
  const select = useOptimize((s) => s.select);
  const submit = () => start.mutate(form, {
    onSuccess: ({ optimizationId }) => {
      select(optimizationId);
      props.onClose();
    },
  });

  return (
    <Modal title="New prompt optimisation (TP-Eval)" onClose={props.onClose} testId="prompts.newDialog" wide
      footer={<>
        <button className="button" onClick={props.onClose}>Cancel</button>
        <button className="button button--primary" disabled={!ready || start.isPending || plan.isError || plan.data?.similarity === null} onClick={submit} data-testid="prompts.start">
          <Wand2 size={14} /> Start optimising
        </button>
      </>}>
      <form className="form" onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <OptimizationFields f={f} />
        <OptimizationParams f={f} />
        <OptimizationPlan plan={plan} />
      </form>
    </Modal>
  );
}

/** What is optimised, on which data, by which models. */
function OptimizationFields({ f }: { f: OptimizationSetup }) {
  const { form, set, datasets, endpoints } = f;
  const names = endpoints.data?.map((e) => <option key={e.name} value={e.name}>{e.name} — {e.model}</option>);
  return (
    <>
      {endpoints.data?.length === 0 && <p className="error-box">Add model endpoints in Settings first: a target model and an optimizer.</p>}
      <div className="field-row">
        <label className="field"><span>Dataset</span>
          <select value={form.datasetId} onChange={(e) => set({ datasetId: Number(e.target.value), task: null })} data-testid="prompts.form.dataset">
            {datasets.data?.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
          </select>
        </label>
      </div>
      <div className="field-row"><TaskFields form={form} set={set} /></div>
      <div className="field-row">
        <label className="field"><span>Target model (prompt customised for it)</span>
          <select value={form.target} onChange={(e) => set({ target: e.target.value })} data-testid="prompts.form.target">{names}</select>
        </label>
        <label className="field"><span>Optimizer (proposes prompts)</span>
          <select value={form.optimizer} onChange={(e) => set({ optimizer: e.target.value })} data-testid="prompts.form.optimizer">{names}</select>
        </label>
      </div>
      <div className="field-row">
        <label className="field"><span>Analyzer (reads answers, explains mistakes)</span>
          <select value={form.analyzer ?? ''} onChange={(e) => set({ analyzer: e.target.value || null })}>
            <option value="">the optimizer</option>{names}
          </select>
        </label>
        <SimilarityField form={form} set={set} endpoints={endpoints.data ?? []} />
      </div>
    </>
  );
}

/** Whole prompt or prefix, zero-shot, and the search's parameters. */
function OptimizationParams({ f }: { f: OptimizationSetup }) {
  const { form, set } = f;
  const setParam = (key: keyof typeof DEFAULT_PARAMS, value: number) => set({ params: { ...form.params, [key]: value } });
  return (
    <>
      <div className="field-row">
        <label className="field"><span>What is optimised</span>
          <select value={form.mode} onChange={(e) => set({ mode: e.target.value as Form['mode'] })}>
            <option value="whole">the whole prompt (questions share one instruction)</option>
            <option value="prefix">an added prefix (questions differ item by item, as MMMU)</option>
          </select>
        </label>
      </div>
      <div className="button-row">
        <label className="check check--wide"><input type="checkbox" checked={form.zeroShot ?? false} onChange={(e) => set({ zeroShot: e.target.checked })} />
          Zero-shot: learn from other tasks’ optimised prompts for this model, use no labelled example of this task</label>
      </div>
      <div className="field-row params-row">
        {([['rounds', 'Rounds N', 1], ['topK', 'Top K', 1], ['perRound', 'Per round', 1], ['alpha', 'α', 0.05], ['alphaStar', 'α* (re-rank)', 0.05]] as const).map(([key, label, step]) => (
          <label key={key} className="field"><span>{label}</span>
            <input type="number" step={step} value={form.params?.[key] ?? DEFAULT_PARAMS[key]} onChange={(e) => setParam(key, Number(e.target.value))} data-testid={`prompts.form.${key}`} />
          </label>
        ))}
      </div>
      <div className="field-row">
        {([['maxExamples', 'Examples shown to the optimizer'], ['maxWrong', 'Wrong answers shown to the analyzer']] as const).map(([key, label]) => (
          <label key={key} className="field"><span>{label}</span>
            <input type="number" min={1} step={1} placeholder="all (as the paper)" value={form.params?.[key] ?? ''} data-testid={`prompts.form.${key}`}
              onChange={(e) => set({ params: { ...form.params, [key]: e.target.value === '' ? null : Number(e.target.value) } })} />
          </label>
        ))}
      </div>
    </>
  );
}

/** How many calls of each kind the optimisation makes at most. */
function OptimizationPlan({ plan }: { plan: OptimizationSetup['plan'] }) {
  return (
    <div className="plan-box" data-testid="prompts.plan">
      {plan.isError ? <span className="field-error">{plan.error.message}</span> : plan.data ? (
        <>
          <strong>{plan.data.total}</strong> calls at most: {plan.data.calls.target} to the target on {plan.data.fewSize} few-shot items
          ({plan.data.testSize} held out for testing), {plan.data.calls.optimizer} to the optimizer, {plan.data.calls.analyzer} introspections,
          {' '}{plan.data.calls.embeddings} embeddings; up to {plan.data.calls.judgeAtMost} answer readings where rules fail.
          {' '}Tasks by {plan.data.taskBy}. Similarity: <strong data-testid="prompts.plan.similarity">{plan.data.similarity ?? 'none chosen'}</strong>.
          {' '}Answers already in the cache cost nothing.
          {plan.data.warnings.map((w) => <p key={w} className="field-error">{w}</p>)}
        </>
      ) : <span className="muted">Counting…</span>}
    </div>
  );
}
