import { useState } from 'react';
import { Eye } from 'lucide-react';
import type { EndpointInfo, RunSummary, VisualResults, VisualRunReadings } from '@shared/contract';
import { useCall, useMutate } from '../../api/queries';
import { Modal } from '../../components/Modal';
import { countableRuns, RunChecks, RunReadingsSummary } from './VisualCheckRuns';

interface Panel { textOnly: string[]; vision: string[]; threshold: number; runs: number[] }

function toggled<T>(list: T[], item: T): T[] {
  return list.includes(item) ? list.filter((n) => n !== item) : [...list, item];
}

/** How many of `n` text-only models must answer right for a question to be flagged: more than threshold × n. */
function flagLine(threshold: number, n: number): string {
  if (!(threshold >= 0 && threshold <= 1)) return 'The share is a number from 0 to 1.';
  if (n === 0) return 'Pick at least one text-only model, or a run made without the image.';
  const needed = Math.floor(threshold * n) + 1;
  return needed > n ? `With ${n} text-only model(s), no question can be flagged at this share.`
    : `A question is flagged when at least ${needed} of the ${n} text-only model(s) answer it right without the image.`;
}

function EndpointChecks(props: { legend: string; kind: 'text' | 'vision'; endpoints: EndpointInfo[]; picked: string[]; onToggle: (name: string) => void }) {
  return (
    <fieldset className="visual-check__models">
      <legend>{props.legend}</legend>
      {props.endpoints.map((e) => (
        <label key={e.name} className="check check--wide">
          <input type="checkbox" checked={props.picked.includes(e.name)} onChange={() => props.onToggle(e.name)} data-testid={`visualCheck.${props.kind}.${e.name}`} />
          {' '}{e.name} <span className="muted small">— {e.model}{e.kind === 'text' ? ' (text-only)' : ''}</span>
        </label>
      ))}
      {props.endpoints.length === 0 && <p className="muted small">No such endpoint yet — add one in Settings.</p>}
    </fieldset>
  );
}

/** The text-only models of the check: the endpoints picked and the endpoints of the runs ticked made without the image. */
function textOnlyModels(textOnly: readonly string[], runs: readonly RunSummary[], picked: readonly number[]): number {
  return new Set([...textOnly, ...runs.filter((r) => picked.includes(r.id) && !r.images).map((r) => r.endpoint)]).size;
}

/** Once started with runs ticked: what each gave (readings taken, stale ones), before the dialog is closed. */
function StartedView(props: { fromRuns: VisualRunReadings[]; onClose: () => void }) {
  return (
    <Modal title="Check visual dependency" onClose={props.onClose} testId="visualCheck.dialog" wide
      footer={<button className="button button--primary" onClick={props.onClose} data-testid="visualCheck.done">Close</button>}>
      <p role="status">The check has started. The runs ticked gave:</p>
      <RunReadingsSummary fromRuns={props.fromRuns} />
    </Modal>
  );
}

interface FormProps { datasetId: number; last: VisualResults; endpoints: EndpointInfo[]; runs: RunSummary[]; onClose: () => void }

/** The dialog's fields, started from the dataset's last panel so "Check again" asks only what changed. */
function VisualCheckForm(props: FormProps) {
  const [panel, setPanel] = useState<Panel>({ textOnly: props.last.textOnly, vision: props.last.vision, threshold: props.last.threshold, runs: [] });
  const [started, setStarted] = useState<VisualRunReadings[] | null>(null);
  const start = useMutate('quality.checkVisual');
  const known = new Set(props.endpoints.map((e) => e.name));
  // An endpoint of the last panel removed since cannot be asked: it is left out rather than failing the start.
  const input = { datasetId: props.datasetId, threshold: panel.threshold, textOnly: panel.textOnly.filter((n) => known.has(n)),
    vision: panel.vision.filter((n) => known.has(n)), runs: panel.runs };
  const models = textOnlyModels(input.textOnly, props.runs, panel.runs);
  const ready = models > 0 && panel.threshold >= 0 && panel.threshold <= 1;
  const submit = () => {
    if (ready) start.mutate(input, { onSuccess: (v) => (v.fromRuns.length > 0 ? setStarted(v.fromRuns) : props.onClose()) });
  };
  if (started) return <StartedView fromRuns={started} onClose={props.onClose} />;
  return (
    <Modal title="Check visual dependency" onClose={props.onClose} testId="visualCheck.dialog" wide
      footer={<>
        <button className="button" onClick={props.onClose}>Cancel</button>
        <button className="button button--primary" disabled={!ready || start.isPending} onClick={submit} data-testid="visualCheck.start">
          <Eye size={14} /> Start check
        </button>
      </>}>
      <form className="form" onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <p className="muted" data-testid="visualCheck.what">
          Each text-only model is asked every question without its image, 2-shot with MMStar&apos;s text-only prompt; each vision model is
          asked with the image, for comparison (it never flags a question). Only questions or models not checked yet, or questions revised
          since, are asked; each model&apos;s questions are one run. A run ticked below counts as its endpoint&apos;s answers, with its own
          prompt template, for the questions not revised since it asked them.
        </p>
        <EndpointChecks legend="Text-only models (asked without the image)" kind="text" endpoints={props.endpoints} picked={panel.textOnly}
          onToggle={(n) => setPanel({ ...panel, textOnly: toggled(panel.textOnly, n) })} />
        <EndpointChecks legend="Vision models (optional, asked with the image)" kind="vision" endpoints={props.endpoints.filter((e) => e.kind === 'vision')}
          picked={panel.vision} onToggle={(n) => setPanel({ ...panel, vision: toggled(panel.vision, n) })} />
        <RunChecks runs={props.runs} picked={panel.runs} onToggle={(id) => setPanel({ ...panel, runs: toggled(panel.runs, id) })} />
        <label className="field"><span>Flag a question when more than this share of the text-only models answer it right (MMStar: more than 2 of 8)</span>
          <input type="number" min={0} max={1} step={0.05} value={panel.threshold} data-testid="visualCheck.threshold"
            onChange={(e) => setPanel({ ...panel, threshold: e.target.valueAsNumber })} />
        </label>
        <p className="small" data-testid="visualCheck.flagLine">{flagLine(panel.threshold, models)}</p>
      </form>
      {start.error && <p className="error-box">{start.error.message}</p>}
    </Modal>
  );
}

/** Start MMStar's coarse filter (METHODS §11) on a dataset: pick the panel of models, then the check runs as a job. */
export function VisualCheckDialog(props: { datasetId: number; onClose: () => void }) {
  const last = useCall('quality.visual', { datasetId: props.datasetId });
  const endpoints = useCall('endpoints.list');
  const runs = useCall('runs.list');
  if (!last.data || !endpoints.data || !runs.data) {
    const error = last.error ?? endpoints.error ?? runs.error;
    return (
      <Modal title="Check visual dependency" onClose={props.onClose} testId="visualCheck.dialog">
        {error ? <p className="error-box">{error.message}</p> : <p className="muted" role="status">Loading the endpoints and the last check…</p>}
      </Modal>
    );
  }
  const countable = countableRuns(runs.data, props.datasetId);
  return <VisualCheckForm datasetId={props.datasetId} last={last.data} endpoints={endpoints.data} runs={countable} onClose={props.onClose} />;
}
