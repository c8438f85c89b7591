import { useState } from 'react';
import { Download, Grid3x3, Sparkles, X } from 'lucide-react';
import { relationLabels, variantMatrix, type Level, type VariantSelection } from '@shared/vrp/relations';
import { call } from '../../api/call';
import { useCall } from '../../api/queries';
import { downloadFile, serverDownloads, useIsLead } from '../../api/download';
import { ProgressBar } from '../../components/ProgressBar';
import { useJobs } from '../../stores/jobs';
import { useNavigation } from '../../stores/navigation';

type Chip<T extends string> = { value: T; label: string };
const colourChips: Chip<'red' | 'blue' | 'default'>[] = [
  { value: 'red', label: 'Red' }, { value: 'blue', label: 'Blue' }, { value: 'default', label: 'As drawn' },
];
const shapeChips: Chip<'box' | 'ellipse' | 'drawn'>[] = [
  { value: 'box', label: 'Box' }, { value: 'ellipse', label: 'Ellipse' }, { value: 'drawn', label: 'As drawn' },
];
const fontChips: Chip<'arial' | 'times'>[] = [{ value: 'arial', label: 'Arial' }, { value: 'times', label: 'Times' }];
const positionChips: Chip<'upper' | 'lower'>[] = [{ value: 'upper', label: 'Above' }, { value: 'lower', label: 'Below' }];

/** Toggle chips for one relation; the last chosen value cannot be switched off (a level needs one of each). */
function Chips<T extends string>(props: { name: string; chips: Chip<T>[]; value: T[]; onChange(v: T[]): void; disabled?: boolean; testId: string }) {
  return (
    <div className="chips" role="group" aria-label={props.name}>
      <span className="chips__name">{props.name}</span>
      {props.chips.map((c) => {
        const on = props.value.includes(c.value);
        return (
          <button key={c.value} className={`chip${on ? ' chip--on' : ''}`} aria-pressed={on} disabled={props.disabled}
            data-testid={`${props.testId}.${c.value}`} title={on && props.value.length === 1 ? 'A level needs at least one value of each relation' : undefined}
            onClick={() => { if (!(on && props.value.length === 1)) props.onChange(on ? props.value.filter((v) => v !== c.value) : [...props.value, c.value]); }}>
            {c.label}
          </button>
        );
      })}
    </div>
  );
}

function LevelToggle(props: { level: Level; checked: boolean; hint: string; onChange(on: boolean): void }) {
  return (
    <label className="level-row">
      <input type="checkbox" checked={props.checked} data-testid={`variants.${props.level}`} onChange={(e) => props.onChange(e.target.checked)} />
      <span>{relationLabels.level[props.level]}</span><span className="muted small">{props.hint}</span>
    </label>
  );
}

/** Which variants to make (any subset of METHODS §6's factorial, the paper's 1 + 4 + 8 by default), a preview and the job. */
export function VariantPanel(props: {
  datasetId: number; selection: VariantSelection; onSelection(s: VariantSelection): void; onPreview(): void; beforeGenerate(): Promise<void>;
}) {
  const { selection: sel, onSelection } = props;
  const plan = useCall('variants.plan', { dataset: props.datasetId, selection: sel });
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useJobs((s) => (jobId ? s.jobs[jobId] : undefined));
  const go = useNavigation((s) => s.go);
  const perOriginal = variantMatrix(sel).length;
  const running = job?.status === 'running';

  const generate = async () => {
    setError(null);
    try {
      await props.beforeGenerate();
      const started = await call('variants.start', { dataset: props.datasetId, selection: sel });
      setJobId(started.jobId);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const isLead = useIsLead();
  const stored = useCall('variants.list', { dataset: props.datasetId }, { enabled: isLead && serverDownloads });
  const downloadVariants = async () => {
    setError(null);
    try {
      await downloadFile('variants', { dataset: props.datasetId });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const result = job?.status === 'done' ? (job.result as { variants: number; dataset: string; created: number; updated: number; unchanged: number }) : null;

  return (
    <section className="side-card" aria-label="Variants">
      <h3>Variants <span className="muted small">{perOriginal} per original</span></h3>
      <LevelToggle level="none" checked={sel.none} hint="the original image" onChange={(none) => onSelection({ ...sel, none })} />
      <LevelToggle level="partial" checked={sel.partial.enabled} hint="shapes, question as text"
        onChange={(enabled) => onSelection({ ...sel, partial: { ...sel.partial, enabled } })} />
      <div className="level-body">
        <Chips name="Colour" chips={colourChips} value={sel.partial.colours} disabled={!sel.partial.enabled} testId="variants.partial.colour"
          onChange={(colours) => onSelection({ ...sel, partial: { ...sel.partial, colours } })} />
        <Chips name="Shape" chips={shapeChips} value={sel.partial.shapes} disabled={!sel.partial.enabled} testId="variants.partial.shape"
          onChange={(shapes) => onSelection({ ...sel, partial: { ...sel.partial, shapes } })} />
      </div>
      <LevelToggle level="full" checked={sel.full.enabled} hint="shapes and the question in a band"
        onChange={(enabled) => onSelection({ ...sel, full: { ...sel.full, enabled } })} />
      <div className="level-body">
        <Chips name="Colour" chips={colourChips} value={sel.full.colours} disabled={!sel.full.enabled} testId="variants.full.colour"
          onChange={(colours) => onSelection({ ...sel, full: { ...sel.full, colours } })} />
        <Chips name="Shape" chips={shapeChips} value={sel.full.shapes} disabled={!sel.full.enabled} testId="variants.full.shape"
          onChange={(shapes) => onSelection({ ...sel, full: { ...sel.full, shapes } })} />
        <Chips name="Font" chips={fontChips} value={sel.full.fonts} disabled={!sel.full.enabled} testId="variants.full.font"
          onChange={(fonts) => onSelection({ ...sel, full: { ...sel.full, fonts } })} />
        <Chips name="Band" chips={positionChips} value={sel.full.positions} disabled={!sel.full.enabled} testId="variants.full.position"
          onChange={(positions) => onSelection({ ...sel, full: { ...sel.full, positions } })} />
      </div>
      <div className="plan-line" data-testid="variants.plan">
        {plan.isError ? <span className="field-error">{plan.error.message}</span>
          : plan.data?.originals === 0 ? <span className="muted">No item has a scene yet: draw at least one shape on an item, then generate.</span>
          : plan.data ? (
            <>
              <strong>{plan.data.variants}</strong> images: {plan.data.originals} original{plan.data.originals === 1 ? '' : 's'} with a scene × {plan.data.perOriginal}
              {plan.data.skipped.length > 0 && <span className="muted"> · {plan.data.skipped.length} without one skipped</span>}
              <span className="muted"> → dataset “{plan.data.target}”</span>
            </>
          ) : <span className="muted">Counting…</span>}
      </div>
      <div className="side-actions">
        <button className="button" onClick={props.onPreview} disabled={perOriginal === 0} title="Preview this item's variants (P)" data-testid="variants.preview">
          <Grid3x3 size={14} /> Preview
        </button>
        <button className="button button--primary" onClick={() => void generate()} disabled={running || !plan.data || plan.data.variants === 0}
          data-testid="variants.generate" title="Generate every variant of every scene in this dataset">
          <Sparkles size={14} /> Generate
        </button>
      </div>
      {running && job && (
        <div className="job-line" data-testid="variants.progress">
          <ProgressBar value={job.total ? job.done / job.total : null} label="Generating variants" />
          <span className="small muted">{job.message}</span>
          <button className="icon-button" onClick={() => void call('jobs.cancel', { id: job.id })} title="Cancel: nothing is stored" aria-label="Cancel generation" data-testid="variants.cancel"><X size={14} /></button>
        </div>
      )}
      {job?.status === 'cancelled' && <p className="small muted" data-testid="variants.result">Cancelled; nothing was stored.</p>}
      {job?.status === 'failed' && <p className="field-error small" data-testid="variants.result">{job.error?.message}</p>}
      {result && (
        <p className="small" data-testid="variants.result">
          {result.variants} variants in “{result.dataset}” ({result.created} new, {result.updated} redrawn, {result.unchanged} unchanged).{' '}
          <button className="link-button" onClick={() => go('datasets')}>Open Datasets</button>
        </p>
      )}
      {isLead && serverDownloads && (result || (stored.data?.length ?? 0) > 0) && (
        <button className="button" onClick={() => void downloadVariants()} data-testid="variants.download" title="Every stored variant as PNGs with metadata.csv and metadata.json (zip)">
          <Download size={14} /> Download variants
        </button>
      )}
      {error && <p className="field-error small">{error}</p>}
    </section>
  );
}
