import { useEffect, useState } from 'react';
import { RANDOM_MODEL, type RunConfigInput } from '@shared/contract';
import { useCall } from '../../api/queries';
import { useDebounced } from '../../api/useDebounced';
import { initialRunForm, runFormReady } from './run-form';

/** The new run's settings, with the first dataset and endpoint chosen once they load, and the plan they make. */
export function useRunForm() {
  const datasets = useCall('datasets.list');
  const endpoints = useCall('endpoints.list');
  const templates = useCall('runs.templates');
  const [form, setForm] = useState<RunConfigInput>(initialRunForm);
  const set = (patch: Partial<RunConfigInput>) => setForm((f) => ({ ...f, ...patch }));

  useEffect(() => {
    if (form.datasetId === -1 && datasets.data?.[0]) set({ datasetId: datasets.data[0].id });
  }, [datasets.data, form.datasetId]);
  useEffect(() => {
    if (form.model === '' && endpoints.data) set({ model: endpoints.data[0]?.name ?? RANDOM_MODEL });
  }, [endpoints.data, form.model]);

  const facets = useCall('questions.facets', { datasetId: form.datasetId }, { enabled: form.datasetId !== -1 });
  const ready = runFormReady(form);
  const planInput = useDebounced(form, 250);
  const plan = useCall('runs.plan', planInput, { enabled: ready, retry: false });
  return { datasets, endpoints, templates, facets, form, set, ready, plan };
}

export type RunForm = ReturnType<typeof useRunForm>;
