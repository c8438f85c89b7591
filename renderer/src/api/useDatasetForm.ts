import { useEffect, useState } from 'react';
import { useCall } from './queries';

/**
 * A form over one dataset: its state and a `set(patch)`, the project's datasets with the first one chosen once they
 * load (while the form still holds -1), and the chosen dataset's facets for the question filters.
 */
export function useDatasetForm<F extends { datasetId: number }>(initial: () => F) {
  const datasets = useCall('datasets.list');
  const [form, setForm] = useState<F>(initial);
  const set = (patch: Partial<F>) => setForm((f) => ({ ...f, ...patch }));

  useEffect(() => {
    if (form.datasetId === -1 && datasets.data?.[0]) set({ datasetId: datasets.data[0].id } as Partial<F>);
  }, [datasets.data, form.datasetId]);

  const facets = useCall('questions.facets', { datasetId: form.datasetId }, { enabled: form.datasetId !== -1 });
  return { datasets, form, set, facets };
}
