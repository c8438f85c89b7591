import { useEffect } from 'react';
import type { RunConfigInput } from '@shared/contract';
import { RANDOM_MODEL } from '@shared/contract/eval-entities';
import { useCall } from '../../api/queries';
import { useDebounced } from '../../api/useDebounced';
import { useDatasetForm } from '../../api/useDatasetForm';
import { initialRunForm, runFormReady } from './run-form';

/** The new run's settings, with the first dataset and endpoint chosen once they load, and the plan they make. */
export function useRunForm() {
  const { datasets, form, set, facets } = useDatasetForm<RunConfigInput>(initialRunForm);
  const endpoints = useCall('endpoints.list');
  const templates = useCall('runs.templates');
  useEffect(() => {
    if (form.model === '' && endpoints.data) set({ model: endpoints.data[0]?.name ?? RANDOM_MODEL });
  }, [endpoints.data, form.model]);

  const ready = runFormReady(form);
  const planInput = useDebounced(form, 250);
  // The debounced copy lags the form by 250 ms: it may still hold no dataset (-1) after the form has one.
  const plan = useCall('runs.plan', planInput, { enabled: ready && runFormReady(planInput), retry: false });
  return { datasets, endpoints, templates, facets, form, set, ready, plan };
}

export type RunForm = ReturnType<typeof useRunForm>;
