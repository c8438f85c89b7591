import { useEffect, useState } from 'react';
import { EyeOff } from 'lucide-react';
import type { Job, Triplet, VisualQuestion } from '@shared/contract';
import { useCall, write } from '../../api/queries';
import { ProgressBar } from '../../components/ProgressBar';
import { useJobs } from '../../stores/jobs';

/** The submit refusals this strip explains: the server's message, in words, where the check is offered. */
export const CHECK_REFUSALS: readonly string[] = ['visual_check_needed', 'answerable_without_image'];

const roles = ['perception', 'knowledge'] as const;

/** What the last check says of the questions as they now read (a question edited since has no reading yet). */
function outcomeText(questions: readonly VisualQuestion[]): { text: string; ok: boolean } {
  const unchecked = roles.filter((r) => !questions.some((q) => q.role === r));
  if (unchecked.length > 0) return { text: `Not checked as it now reads: the ${unchecked.join(' and ')} question${unchecked.length > 1 ? 's' : ''}.`, ok: false };
  const blind = questions.filter((q) => roles.some((r) => r === q.role) && q.blind);
  if (blind.length > 0) {
    return { text: `Answerable without the image: ${blind.map((q) => `the ${q.role} question (${q.blindRight} of ${q.blindAsked} text-only models)`).join(', ')}. `
      + 'Revise it so the answer needs the image, then check again.', ok: false };
  }
  return { text: 'Both questions need the image: you can submit.', ok: true };
}

function CheckProgress({ job }: { job: Job }) {
  return (
    <div className="draft-check__progress" role="status" data-testid="annotate.draftCheck.progress">
      <span className="muted small">Asking text-only models without the image: {job.done} of {job.total ?? '?'} done…</span>
      <ProgressBar value={job.total ? job.done / job.total : null} label={job.title} />
    </div>
  );
}

/**
 * "Check without the image" (METHODS §10): where a lead asks for drafts to be checked before submission, a
 * model-drafted triplet's questions are asked of the dataset's text-only models as they stand, then the outcome shows
 * here and each flag on its question. The form is saved first, so the check asks the text on screen;
 * the outcome is read again after each save, which leaves an edited question unchecked.
 */
export function DraftCheck(props: {
  t: Triplet; editable: boolean; flush(): Promise<unknown>; version: number | null; refusal: string | null; onStart(): void;
}) {
  const settings = useCall('drafting.settings', { datasetId: props.t.datasetId });
  const visual = useCall('quality.visualItem', { itemId: props.t.itemId });
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useJobs((s) => (jobId ? s.jobs[jobId] : undefined));
  const shown = Boolean(settings.data?.checkBeforeSubmit) && props.t.provenance.kind !== 'human';
  useEffect(() => { setJobId(null); setError(null); }, [props.t.itemId]);
  // The form's saves refresh no cached reads (they would on every keystroke's save): a saved edit has no reading yet.
  const refetch = visual.refetch;
  useEffect(() => { if (shown) void refetch(); }, [shown, props.version, refetch]);
  if (!shown) return null;
  const running = jobId !== null && (job === undefined || job.status === 'running');
  const start = async () => {
    setError(null);
    // A refusal of the text before this check no longer says where it stands.
    props.onStart();
    try {
      await props.flush();
      setJobId((await write('drafting.checkDraft', { itemId: props.t.itemId })).jobId);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const outcome = visual.data && outcomeText(visual.data.questions);
  const failed = job && job.status !== 'running' && job.status !== 'done' ? job.error?.message ?? `the check ended ${job.status}` : null;
  return (
    <section className="draft-check" data-testid="annotate.draftCheck">
      {props.editable && (
        <button className="button" onClick={() => void start()} disabled={running} data-testid="annotate.draftCheck.start"
          title="Ask the dataset's text-only models these questions without the image">
          <EyeOff size={14} /> {running ? 'Checking…' : 'Check without the image'}
        </button>
      )}
      <div className="draft-check__body">
        <span className="muted small">A lead asks that model-drafted triplets be checked without the image before they are submitted.</span>
        {running && job && <CheckProgress job={job} />}
        {!running && outcome && <span className={`small ${outcome.ok ? 'ok' : 'warning'}`} data-testid="annotate.draftCheck.outcome">{outcome.text}</span>}
        {(error ?? failed) && <span className="small warning" role="alert">{error ?? failed}</span>}
        {props.refusal && !running && <p className="callout callout--warn small" role="alert" data-testid="annotate.draftCheck.refusal">Not submitted: {props.refusal}</p>}
      </div>
    </section>
  );
}
