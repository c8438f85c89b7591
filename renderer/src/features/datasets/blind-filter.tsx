import { useMemo } from 'react';
import { EyeOff } from 'lucide-react';
import type { QuestionFilter } from '@shared/contract';
import { useCall } from '../../api/queries';
import { useBrowse, type BrowseFilters } from '../../stores/browse';
import { useIsLead } from '../../api/download';
import { useQuestionFilter } from './duplicate-filter';

/** The flagged questions of a dataset's visual-dependency check (leads only: the check's results are theirs). */
function useFlagged(datasetId: number | null, enabled: boolean) {
  const visual = useCall('quality.visual', { datasetId: datasetId ?? -1 }, { enabled: enabled && datasetId !== null });
  const checked = Boolean(visual.data && visual.data.textOnly.length > 0);
  const flagged = useMemo(() => visual.data?.questions.filter((q) => q.blind).map((q) => q.questionId) ?? [], [visual.data]);
  return { checked, flagged };
}

/**
 * The question list's filter: the browser's filters with the duplicates filter's items (`useQuestionFilter`), and
 * "answerable without the image" as the flagged question ids.
 */
export function useBrowseFilter(datasetId: number | null, filters: BrowseFilters, isLead: boolean): QuestionFilter {
  const { flagged } = useFlagged(datasetId, isLead && Boolean(filters.blind));
  const others = useMemo(() => {
    const { blind: _blind, ...rest } = filters;
    return rest;
  }, [filters]);
  const base = useQuestionFilter(datasetId, others);
  return useMemo(() => (filters.blind ? { ...base, questionIds: flagged } : base), [base, filters.blind, flagged]);
}

/** "Answerable without the image": shown once the dataset has been checked (METHODS §11), with how many are flagged. */
export function BlindFilter(props: { datasetId: number }) {
  const isLead = useIsLead();
  const { filters, setFilter } = useBrowse();
  const { checked, flagged } = useFlagged(props.datasetId, isLead);
  if (!checked) return null;
  return (
    <label className="facet facet--toggle" title="Questions more than the threshold's share of text-only models answered right without the image">
      <input type="checkbox" checked={Boolean(filters.blind)} onChange={(e) => setFilter('blind', e.target.checked || undefined)} data-testid="filter.blind" />
      <EyeOff size={14} /> Answerable without the image · {flagged.length.toLocaleString()}
    </label>
  );
}
