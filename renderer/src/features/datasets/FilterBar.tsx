import { useEffect, useRef, useState } from 'react';
import { Search, X } from 'lucide-react';
import type { ItemStatus, Role } from '@shared/contract';
import { useCall } from '../../api/queries';
import { useBrowse, type DuplicateFilter } from '../../stores/browse';
import { useIsLead } from '../../api/download';
import { countOf } from '@shared/domain/count-words';
import { BlindFilter } from './blind-filter';

interface FacetSelectProps {
  label: string; value: string | undefined; options: { value: string; count: number }[]; onChange: (v: string | undefined) => void; testId: string;
}

function FacetSelect(props: FacetSelectProps) {
  return (
    <label className="facet">
      <span className="facet__label">{props.label}</span>
      <select value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value || undefined)} data-testid={props.testId}>
        <option value="">All</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>{o.value || '(none)'} · {o.count.toLocaleString()}</option>
        ))}
      </select>
    </label>
  );
}

const DUPLICATE_CHOICES: [DuplicateFilter, string][] = [
  ['any', 'image or question'], ['image', 'near-duplicate image'], ['question', 'duplicate question'],
];

/** A lead's filter for items whose image has a near duplicate or whose question is an exact duplicate (issue 36). */
function DuplicateSelect(props: { value: DuplicateFilter | undefined; onChange: (v: DuplicateFilter | undefined) => void }) {
  return (
    <label className="facet">
      <span className="facet__label">Duplicates</span>
      <select value={props.value ?? ''} onChange={(e) => props.onChange(DUPLICATE_CHOICES.find(([v]) => v === e.target.value)?.[0])} data-testid="filter.duplicates">
        <option value="">All</option>
        {DUPLICATE_CHOICES.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
      </select>
    </label>
  );
}

/** Filters by source, category, role and status (and, for a lead, duplicates), and a debounced text search (`/` focuses it). */
export function FilterBar(props: { datasetId: number; shown: number }) {
  const { filters, setFilter, clearFilters } = useBrowse();
  const facets = useCall('questions.facets', { datasetId: props.datasetId });
  const [text, setText] = useState(filters.text ?? '');
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const t = setTimeout(() => setFilter('text', text.trim() || undefined), 200);
    return () => clearTimeout(t);
  }, [text, setFilter]);
  useEffect(() => {
    const focus = () => search.current?.focus();
    window.addEventListener('anchor:focus-search', focus);
    return () => window.removeEventListener('anchor:focus-search', focus);
  }, []);
  const isLead = useIsLead();
  const f = facets.data;
  const active = Object.keys(filters).length > 0;
  return (
    <div className="filter-bar">
      <div className="search">
        <Search size={15} />
        <input
          ref={search}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && (e.currentTarget.blur(), setText(''))}
          placeholder="Search questions, ids, options…  ( / )"
          aria-label="Search questions"
          data-testid="datasets.search"
        />
      </div>
      {f && (
        <>
          <FacetSelect label="Source" value={filters.source} options={f.sources} onChange={(v) => setFilter('source', v)} testId="filter.source" />
          <FacetSelect label="Category" value={filters.category} options={f.categories} onChange={(v) => setFilter('category', v)} testId="filter.category" />
          <FacetSelect label="Role" value={filters.role} options={f.roles} onChange={(v) => setFilter('role', v as Role | undefined)} testId="filter.role" />
          <FacetSelect label="Status" value={filters.status} options={f.statuses} onChange={(v) => setFilter('status', v as ItemStatus | undefined)} testId="filter.status" />
        </>
      )}
      {isLead && <DuplicateSelect value={filters.duplicates} onChange={(v) => setFilter('duplicates', v)} />}
      <BlindFilter datasetId={props.datasetId} />
      <div className="filter-bar__count" data-testid="datasets.count">{countOf(props.shown, 'question')}</div>
      {active && (
        <button className="button button--ghost" onClick={() => { setText(''); clearFilters(); }}>
          <X size={14} /> Clear
        </button>
      )}
    </div>
  );
}
