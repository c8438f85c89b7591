import type { Endpoint } from '@shared/contract';
import { useCall } from '../../api/queries';
import { similarityChoice, similarityPatch, TASK_BY_CHOICES, type OptimizationForm as Form } from './optimization-form';

/**
 * What divides the dataset into tasks (MMMU's subjects, a column) and which task is optimised: the tasks come from the
 * backend for the chosen column, with their item counts.
 */
export function TaskFields({ form, set }: { form: Form; set(patch: Partial<Form>): void }) {
  const tasks = useCall('optimizations.tasks', { datasetId: form.datasetId, taskBy: form.taskBy ?? 'auto' }, { enabled: form.datasetId !== -1 });
  return (
    <>
      <label className="field"><span>Tasks by</span>
        <select value={form.taskBy ?? 'auto'} onChange={(e) => set({ taskBy: e.target.value, task: null })} data-testid="prompts.form.taskBy">
          {TASK_BY_CHOICES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </label>
      <label className="field"><span>Task{tasks.data ? ` (by ${tasks.data.taskBy})` : ''}</span>
        <select value={form.task ?? ''} onChange={(e) => set({ task: e.target.value || null })} data-testid="prompts.form.task">
          <option value="">the whole dataset</option>
          {tasks.data?.tasks.map((o) => <option key={o.value} value={o.value}>{o.value || '(none)'} ({o.count})</option>)}
        </select>
      </label>
    </>
  );
}

/** Similarity to p0: an embeddings endpoint (the paper's measure), or the lexical measure only when chosen explicitly. */
export function SimilarityField({ form, set, endpoints }: { form: Form; set(patch: Partial<Form>): void; endpoints: readonly Endpoint[] }) {
  return (
    <label className="field"><span>Similarity to the original prompt</span>
      <select value={similarityChoice(form)} onChange={(e) => set(similarityPatch(e.target.value))} data-testid="prompts.form.embeddings">
        <option value="">none chosen — name an embeddings endpoint</option>
        {endpoints.map((e) => <option key={e.name} value={`embeddings:${e.name}`}>embeddings from {e.name}</option>)}
        <option value="lexical">lexical (shared words) — opt in; scores a paraphrase low</option>
      </select>
    </label>
  );
}
