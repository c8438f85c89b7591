import { useEffect, useState } from 'react';
import type { Grading, GradingReport } from '@shared/contract';
import { useCall, useMutate } from '../../api/queries';
import { GradeList } from './GradeList';
import { TableExport } from './TableExport';
import type { TableData } from './download';

type Group = GradingReport['total'];

/** "62.5 ± 0.6": MM-Vet reports a grading's mean over its repeated runs with their standard deviation. */
function meanText(g: Group, repeats: number): string {
  if (g.mean === null) return '—';
  return repeats > 1 && g.std !== null ? `${g.mean.toFixed(1)} ± ${g.std.toFixed(1)}` : g.mean.toFixed(1);
}

function groupTable(name: string, groups: Group[], repeats: number): TableData {
  const runs = Array.from({ length: repeats }, (_, i) => `run ${i + 1}`);
  return {
    name,
    columns: ['group', 'questions', 'mean', 'std', ...runs],
    rows: groups.map((g) => [g.name, g.questions, g.mean, g.std, ...g.runs]),
  };
}

function GroupTable({ title, testId, groups, repeats }: { title: string; testId: string; groups: Group[]; repeats: number }) {
  return (
    <div className="grading__table">
      <div className="rcard__head">
        <h4>{title}</h4>
        <TableExport table={() => groupTable(testId.replace('.', '-'), groups, repeats)} testId={`${testId}.export`} />
      </div>
      <table className="rtable rtable--metrics" data-testid={testId}>
        <thead><tr><th>{title.toLowerCase()}</th><th className="num">questions</th><th className="num">score</th></tr></thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.name}>
              <td className="mono">{g.name}</td>
              <td className="num">{g.questions}</td>
              <td className="num" title={g.runs.map((r, i) => `run ${i + 1}: ${r === null ? 'no grade' : r.toFixed(2)}`).join('\n')}>{meanText(g, repeats)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One grading's figures: the total, then per capability and per capability integration (MM-Vet's two tables). */
function GradingResult({ grading }: { grading: Grading }) {
  const running = grading.status === 'running';
  const report = useCall('gradings.report', { id: grading.id }, { refetchInterval: running ? 1000 : false });
  const { refetch } = report;
  // The figures read while grading was under way are not the final ones: read them again once it has ended.
  useEffect(() => {
    if (!running) void refetch();
  }, [running, refetch]);
  if (grading.status === 'failed') return <p className="danger" data-testid="grading.error">The grading failed: {grading.error}</p>;
  if (!report.data) return <p className="muted">Loading the grades…</p>;
  const r = report.data;
  return (
    <>
      <div className="tiles">
        <div className="tile tile--main">
          <span className="stat__label">total score{r.repeats > 1 ? ` (mean ± std of ${r.repeats} gradings)` : ''}</span>
          <b data-testid="grading.total">{meanText(r.total, r.repeats)}</b>
          <span className="muted small" data-testid="grading.counts">
            {r.questions} questions · {r.ungraded} grade{r.ungraded === 1 ? '' : 's'} not given (on {r.ungradedQuestions} question{r.ungradedQuestions === 1 ? '' : 's'}, left out, never 0) · {r.overridden} overridden by a person
          </span>
        </div>
        <div className="tile">
          <span className="stat__label">grader</span>
          <b>{grading.grader}</b>
          <span className="muted small">{grading.calls} calls, {grading.cachedCalls} from the cache{grading.cost === null ? '' : ` · $${grading.cost.toFixed(4)}`}</span>
        </div>
      </div>
      {running && <p className="muted small" role="status">Grading… the figures fill in as grades arrive.</p>}
      <div className="grading__tables">
        <GroupTable title="Capability" testId="grading.capabilities" groups={r.byCapability} repeats={r.repeats} />
        <GroupTable title="Integration" testId="grading.integrations" groups={r.byIntegration} repeats={r.repeats} />
      </div>
      <GradeList gradingId={grading.id} />
    </>
  );
}

/** Choose a grader endpoint and how many times to grade, then start the grading as a job. */
function StartGrading({ runId, onStarted, first }: { runId: number; onStarted(id: number): void; first: boolean }) {
  const endpoints = useCall('endpoints.list');
  const [grader, setGrader] = useState('');
  const [repeats, setRepeats] = useState(1);
  const start = useMutate('gradings.start');
  const chosen = grader || endpoints.data?.[0]?.name || '';
  if (endpoints.data?.length === 0) return <p className="muted small">Add a grader endpoint in Settings (g s) to grade these answers.</p>;
  const submit = () => start.mutate({ runId, grader: chosen, repeats }, { onSuccess: ({ gradingId }) => onStarted(gradingId) });
  return (
    <form className="field-row grading__start" onSubmit={(e) => { e.preventDefault(); submit(); }} aria-label="Grade these answers">
      <label className="field"><span>Grader</span>
        <select value={chosen} onChange={(e) => setGrader(e.target.value)} data-testid="grading.grader">
          {endpoints.data?.map((e) => <option key={e.name} value={e.name}>{e.name} — {e.model}</option>)}
        </select>
      </label>
      <label className="field"><span>Gradings</span>
        <input type="number" min={1} max={20} value={repeats} onChange={(e) => setRepeats(Math.min(20, Math.max(1, Number(e.target.value) || 1)))}
          title="MM-Vet grades five times and reports the mean ± std" data-testid="grading.repeats" />
      </label>
      <button className="button" type="submit" disabled={!chosen || start.isPending} data-testid="grading.start">{first ? 'Grade answers' : 'Grade again'}</button>
      {start.error && <span className="danger small" role="alert">{start.error.message}</span>}
    </form>
  );
}

/** MM-Vet's graded scoring of a run's open answers: start a grading, read its scores, override a grade (METHODS §5.1). */
export function GradingPanel({ runId }: { runId: number }) {
  // While a grading runs its status is followed here too, so the panel learns of its end even without a backend event.
  const gradings = useCall('gradings.list', { runId }, { refetchInterval: (q) => (q.state.data?.some((g) => g.status === 'running') ? 1000 : false) });
  const [picked, setPicked] = useState<number | null>(null);
  const list = gradings.data ?? [];
  const current = list.find((g) => g.id === picked) ?? list[0] ?? null;
  return (
    <section className="rcard rcard--wide" data-testid="report.grading">
      <header className="rcard__head">
        <h3>Graded open answers</h3>
        <span className="muted small">MM-Vet&apos;s protocol: a grader model scores each reply from 0.0 to 1.0 against the ground truth</span>
      </header>
      {list.length === 0 && <p className="muted" data-testid="grading.empty">Not graded yet: choose a grader endpoint and grade these answers.</p>}
      {list.length > 1 && (
        <label className="field"><span>Grading</span>
          <select value={current?.id} onChange={(e) => setPicked(Number(e.target.value))} data-testid="grading.pick">
            {list.map((g) => <option key={g.id} value={g.id}>#{g.id} by {g.grader}, {g.repeats}×, {g.status}</option>)}
          </select>
        </label>
      )}
      {current && <GradingResult grading={current} />}
      <StartGrading runId={runId} onStarted={setPicked} first={list.length === 0} />
    </section>
  );
}
