import { ListChecks } from 'lucide-react';
import type { LintFinding } from '@shared/contract';
import { useCall } from '../../api/queries';
import { useBrowse } from '../../stores/browse';
import { useNavigation } from '../../stores/navigation';

const ruleLabels: Record<LintFinding['rule'], string> = {
  answer_not_option: 'Answer not an option',
  duplicate_options: 'Duplicate options',
  missing_image: 'Missing image',
  empty_question: 'Empty question',
  missing_role: 'Triplet missing a role',
  too_few_options: 'Too few options',
  near_duplicate_image: 'Near-duplicate image',
  duplicate_question: 'Duplicate question',
  answerable_without_image: 'Answerable without the image',
};

/** Dataset lint: each finding names its item, and opens it in the Datasets browser. */
export function LintView(props: { datasetId: number | undefined }) {
  const lint = useCall('lint.run', props.datasetId === undefined ? {} : { datasetId: props.datasetId });
  const go = useNavigation((s) => s.go);
  const open = (f: LintFinding) => {
    useBrowse.getState().setDataset(f.datasetId);
    useBrowse.getState().openItem(f.itemId);
    go('datasets');
  };
  const findings = lint.data?.findings ?? [];
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(f.rule, (counts.get(f.rule) ?? 0) + 1);
  return (
    <div className="panel" data-testid="team.lint">
      <div className="button-row">
        <ListChecks size={16} />
        <strong>{lint.isLoading ? 'Checking…' : findings.length === 0 ? 'No problems found' : `${findings.length} finding${findings.length === 1 ? '' : 's'}`}</strong>
        {[...counts].map(([rule, n]) => <span key={rule} className="tag tag--muted">{ruleLabels[rule as LintFinding['rule']]} {n}</span>)}
        <span className="spacer" />
        <span className="muted small">Also from the CLI: <code>anchor lint --project FILE</code></span>
      </div>
      <ul className="lint">
        {findings.slice(0, 500).map((f, i) => (
          <li key={i}>
            <button className="lint__row" onClick={() => open(f)} data-testid={`lint.${f.rule}`}>
              <span className="tag">{ruleLabels[f.rule]}</span>
              <span className="qrow__id">#{f.extId}</span>
              <span>{f.message}</span>
            </button>
          </li>
        ))}
      </ul>
      {findings.length > 500 && <p className="muted small">Showing 500 of {findings.length}; the CLI's --json lists them all.</p>}
    </div>
  );
}
