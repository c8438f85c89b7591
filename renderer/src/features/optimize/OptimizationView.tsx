import { FlaskConical, RotateCcw, X } from 'lucide-react';
import type { Candidate, Optimization } from '@shared/contract';
import { wordDiff } from '@shared/optimize/diff';
import { useCall, useMutate, write } from '../../api/queries';
import { ProgressBar } from '../../components/ProgressBar';
import { useJobs } from '../../stores/jobs';
import { useOptimize } from '../../stores/optimize';
import { money } from '../runs/format';
import { CallsTable } from './CallsTable';

const fmt = (x: number | null, digits = 3) => (x === null ? '—' : x.toFixed(digits));
const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);

/** A prompt against p0, word by word: what the optimizer added and removed. */
function PromptDiff(props: { p0: string; prompt: string }) {
  return (
    <p className="prompt-diff" data-testid="prompts.diff">
      {wordDiff(props.p0, props.prompt).map((part, i) => (
        <span key={i} className={`diff diff--${part.kind}`}>{part.text} </span>
      ))}
    </p>
  );
}

type Job = NonNullable<ReturnType<typeof useOptimizeJob>>;

/** The running job of this optimisation, if any (found by its title, which ends with the optimisation's name). */
function useOptimizeJob(name: string) {
  return useJobs((s) => Object.values(s.jobs).find((j) => j.kind === 'optimize' && j.status === 'running' && j.title.endsWith(name)));
}

/** One optimisation: live progress, the chosen prompt, every candidate, and the selected candidate's diff and introspection. */
export function OptimizationView(props: { optimization: Optimization; candidates: Candidate[] }) {
  const o = props.optimization;
  const { candidateId, selectCandidate } = useOptimize();
  const job = useOptimizeJob(o.name);
  const evaluate = useMutate('optimizations.evaluate');
  const report = useCall('optimizations.report');
  const tested = report.data?.tasks.find((t) => t.optimizationId === o.id);
  const selected = props.candidates.find((c) => c.id === candidateId) ?? o.chosen ?? props.candidates[0] ?? null;
  const running = o.status === 'running' && Boolean(job);

  return (
    <div className="opt-view" data-testid="prompts.view">
      <OptimizationHeader o={o} job={running ? job : undefined} />
      {running && job && <div className="opt-progress"><ProgressBar value={job.total ? job.done / job.total : null} label="Optimisation progress" /><span className="small muted">{job.message}</span></div>}
      {o.error && <p className="error-box">{o.error}</p>}
      {o.chosen && <ChosenPrompt o={o} chosen={o.chosen} evaluate={evaluate} tested={tested} />}
      <CallsTable id={o.id} />
      <div className="opt-body">
        <table className="rtable candidates" data-testid="prompts.candidates">
          <thead><tr><th>round</th><th>status</th><th title="accuracy on D_few">acc</th><th title="similarity to p0">sim</th><th title="score while optimising">c α</th><th title="score when re-ranking">c α*</th><th title="words changed / budget">edits</th><th>prompt</th></tr></thead>
          <tbody>
            {props.candidates.map((c) => (
              <tr key={c.id} className={`${c.id === selected?.id ? 'row--active' : ''} ${c.status === 'rejected' ? 'row--muted' : ''}`}
                onClick={() => selectCandidate(c.id)} data-testid="prompts.candidate">
                <td>{c.round === 0 ? 'p0' : `${c.round}.${c.slot + 1}`}{c.id === o.chosen?.id ? ' ★' : ''}</td>
                <td title={c.problem ?? undefined}>{c.status === 'rejected' ? 'rejected' : c.status}</td>
                <td>{pct(c.accuracy)}</td>
                <td>{fmt(c.similarity)}</td>
                <td>{fmt(c.score)}</td>
                <td>{fmt(c.finalScore)}</td>
                <td>{c.edits === null ? '—' : `${c.edits}${c.budget !== null ? ` / ${c.budget}` : ''}`}</td>
                <td className={`candidates__prompt${c.problem ? ' candidates__prompt--problem' : ''}`} title={c.problem ?? c.prompt} data-testid="prompts.candidate.prompt">
                  {c.problem ? <em className="muted">{c.problem}</em> : c.prompt}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {selected && <CandidateDetail p0={o.p0} c={selected} />}
      </div>
    </div>
  );
}

/** The optimisation's name and settings, its numbers so far, and cancel or resume. `job` is set while it runs. */
function OptimizationHeader({ o, job }: { o: Optimization; job: Job | undefined }) {
  const running = job !== undefined;
  return (
    <header className="opt-head">
      <div>
        <h1>{o.name}</h1>
        <p className="muted small">
          {o.mode === 'whole' ? 'whole prompt' : 'prefix'}{o.zeroShot ? ' · zero-shot' : ''} · optimizer {o.optimizer} · D_few {o.fewSize} items ·
          tasks by {o.taskBy} · similarity <span className={o.similarity === 'lexical' ? 'tag tag--warn' : 'tag'} data-testid="prompts.similarity"
            title={o.similarity === 'lexical' ? 'Lexical, opted in: shared words stand in for meaning' : 'Cosine of the embeddings endpoint\'s vectors'}>{o.similarity}</span>
        </p>
        <RoundReports o={o} />
      </div>
      <span className="spacer" />
      <div className="opt-stats" data-testid="prompts.stats">
        <span><strong>{o.round}</strong>/{o.rounds} rounds</span>
        <span>best c <strong>{fmt(o.best?.score ?? null)}</strong></span>
        <span><strong>{o.calls}</strong> calls</span>
        <span>{money(o.cost)}</span>
        <span className={`status status--${o.status}`} data-testid="prompts.status">{running ? 'running' : o.status === 'running' ? 'interrupted' : o.status}</span>
      </div>
      {job && <button className="icon-button" title="Cancel (everything scored so far is kept)" aria-label="Cancel" onClick={() => void write('jobs.cancel', { id: job.id })}><X size={15} /></button>}
      {!running && o.status !== 'done' && (
        <button className="button" onClick={() => void write('optimizations.resume', { id: o.id })} data-testid="prompts.resume" title="Resume (r): finished calls come from the cache">
          <RotateCcw size={14} /> Resume
        </button>
      )}
    </header>
  );
}

/** Per round: proposals asked, valid, and refused with why (a round short of valid candidates stands out). */
function RoundReports({ o }: { o: Optimization }) {
  if (o.roundReports.length === 0) return null;
  return (
    <ul className="muted small round-reports" data-testid="prompts.rounds">
      {o.roundReports.map((r) => (
        <li key={r.round} className={r.valid < o.perRound ? 'field-error' : undefined}>
          round {r.round}: {r.valid} valid of {r.asked} asked{r.rejected > 0 ? ` · refused ${r.rejected}: ${r.reasons.map((x) => `${x.problem} ×${x.count}`).join('; ')}` : ''}
        </li>
      ))}
    </ul>
  );
}

/** The prompt re-ranking chose, against p0, and its evaluation on the held-out items. */
function ChosenPrompt({ o, chosen, evaluate, tested }: {
  o: Optimization; chosen: Candidate; evaluate: ReturnType<typeof useMutate<'optimizations.evaluate'>>; tested: { original: number | null; customised: number | null } | undefined;
}) {
  return (
    <section className="chosen-card" data-testid="prompts.chosen">
      <div className="chosen-card__head">
        <h2>Chosen prompt</h2>
        <span className="muted small">re-ranked with α*: c = {fmt(chosen.finalScore)} · accuracy on D_few {pct(chosen.accuracy)} · similarity {fmt(chosen.similarity)}</span>
        <span className="spacer" />
        <button className="button button--primary" disabled={evaluate.isPending} data-testid="prompts.evaluate" title="Evaluate with this prompt (e): the held-out items, with p0 and with this prompt"
          onClick={() => evaluate.mutate({ id: o.id })}>
          <FlaskConical size={14} /> Evaluate with this prompt
        </button>
      </div>
      <PromptDiff p0={o.p0} prompt={chosen.prompt} />
      {tested && <p className="small" data-testid="prompts.tested">Test set: original <strong>{pct(tested.original)}</strong> → customised <strong>{pct(tested.customised)}</strong></p>}
      {evaluate.data && !tested && <p className="small muted">Two runs started on the test set (Runs screen); the comparison appears here when they finish.</p>}
    </section>
  );
}

/** The selected candidate: its diff against p0, why it was rejected, and the analyzer's introspection. */
function CandidateDetail({ p0, c }: { p0: string; c: Candidate }) {
  return (
    <aside className="candidate-detail" data-testid="prompts.detail">
      <h3>{c.round === 0 ? 'Original prompt p0' : `Candidate ${c.round}.${c.slot + 1}`}</h3>
      <PromptDiff p0={p0} prompt={c.prompt} />
      {c.problem && <p className="field-error small">Rejected: {c.problem}</p>}
      <h4>Introspection</h4>
      <p className="small">{c.introspection ?? <span className="muted">not scored</span>}</p>
      {c.runId !== null && <p className="small muted">Its answers on D_few are run {c.runId} (every request with its cost).</p>}
    </aside>
  );
}
