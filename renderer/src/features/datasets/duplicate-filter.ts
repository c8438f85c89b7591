import { useMemo } from 'react';
import type { Duplicates, QuestionFilter } from '@shared/contract';
import { useCall } from '../../api/queries';
import type { BrowseFilters, DuplicateFilter } from '../../stores/browse';

/** The items of a dataset with a near-duplicate image, an exact duplicate question, or either. */
export function duplicateItemIds(found: Duplicates, datasetId: number, kind: DuplicateFilter): number[] {
  const ids = new Set<number>();
  if (kind !== 'question') {
    for (const use of found.imageGroups.flatMap((g) => g.images.flatMap((i) => i.uses))) if (use.datasetId === datasetId) ids.add(use.itemId);
  }
  if (kind !== 'image') {
    for (const q of found.questionGroups.flatMap((g) => g.questions)) if (q.datasetId === datasetId) ids.add(q.itemId);
  }
  return [...ids];
}

/**
 * The question list's filter: the facets as chosen, and with the duplicates filter the items it names. Duplicates are
 * asked for only once that filter is chosen (the first check of a project hashes its images); until they are known the
 * list shows nothing rather than everything.
 */
export function useQuestionFilter(datasetId: number | null, filters: BrowseFilters): QuestionFilter {
  const found = useCall('quality.duplicates', { datasetId: datasetId ?? -1 }, { enabled: filters.duplicates !== undefined && datasetId !== null });
  return useMemo(() => {
    const { duplicates: kind, ...facets } = filters;
    const base = { datasetId: datasetId ?? -1, ...facets };
    if (kind === undefined) return base;
    return { ...base, itemIds: found.data ? duplicateItemIds(found.data, datasetId ?? -1, kind) : [] };
  }, [datasetId, filters, found.data]);
}
