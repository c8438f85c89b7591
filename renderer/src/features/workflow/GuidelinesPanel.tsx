import { BookOpen } from 'lucide-react';
import { useCall } from '../../api/queries';
import { Markdown } from '../../components/heavy-parts';
import { useWorkflow } from '../../stores/workflow';

/** The dataset's annotation guidelines beside the annotate and review forms, folded away on request (remembered). */
export function GuidelinesPanel(props: { datasetId: number }) {
  const guidelines = useCall('guidelines.get', { datasetId: props.datasetId });
  const { guidelinesOpen, setGuidelinesOpen } = useWorkflow();
  const shown = guidelines.data?.shown ?? null;
  return (
    <details className="guidelines" open={guidelinesOpen} data-testid="guidelines.panel"
      onToggle={(e) => setGuidelinesOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary className="guidelines__summary">
        <BookOpen size={14} /> <strong>Guidelines</strong>
        {shown && <span className="muted small">v{shown.version} · {shown.authorName ?? 'owner'} · {new Date(shown.at).toLocaleDateString()}</span>}
      </summary>
      {guidelines.isLoading ? <p className="muted small">Loading…</p>
      : shown ? <Markdown text={shown.body} testId="guidelines.body" />
      : <p className="muted small" data-testid="guidelines.empty">No guidelines yet — a lead can write them in Team → Guidelines.</p>}
    </details>
  );
}
