import { useState } from 'react';
import { Download, Grid3x3, Sparkles, X } from 'lucide-react';
import { relationLabels, variantMatrix, type Level, type VariantSelection } from '@shared/vrp/relations';
import { useCall, write } from '../../api/queries';
import { downloadFile, serverDownloads, useIsLead } from '../../api/download';
import { ProgressBar } from '../../components/ProgressBar';
import { useJobs } from '../../stores/jobs';
import { useBrowse } from '../../stores/browse';
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
            onClick={() => {
              if (!(on && props.value.length === 1)) props.onChange(on ? props.value.filter((v) => v !== c.value) : [...props.value, c.value]);
            }}>
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

/** Generating the variants as a job, and downloading the stored ones; an error of either is shown once. */
function useVariantJob(datasetId: number, selection: VariantSelection, beforeGenerate: () => Promise<void>) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useJobs((s) => (jobId ? s.jobs[jobId] : undefined));
  const attempt = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const generate = () => attempt(async () => {
    await beforeGenerate();
    const started = await write('variants.start', { dataset: datasetId, selection });
    setJobId(started.jobId);
  });
  const downloadVariants = () => attempt(async () => { await downloadFile('variants', { dataset: datasetId }); });
  const result = job?.status === 'done' ? (job.result as VariantsResult) : null;
  return { job, error, generate, downloadVariants, result, running: job?.status === 'running' };
}

interface VariantsResult { datasetId: number; variants: number; dataset: string; created: number; updated: number; unchanged: number }

/** The three levels with the relations each varies; a level's chips are off while the level is. */
function LevelChoices(props: { selection: VariantSelection; onSelection(s: VariantSelection): void }) {
  const { selection: sel, onSelection } = props;
  return (
    <>
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
    </>
  );
}

/** How many images the selection makes over the dataset, and where they go. */
function PlanLine(props: { plan: ReturnType<typeof useCall<'variants.plan'>> }) {
  const { plan } = props;
  return (
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
  );
}

/** The generation job: its progress with a cancel button while it runs, then how it ended. */
function JobOutcome(props: { variants: ReturnType<typeof useVariantJob> }) {
  const { job, running, result } = props.variants;
  const go = useNavigation((s) => s.go);
  return (
    <>
      {running && job && (
        <div className="job-line" data-testid="variants.progress">
          <ProgressBar value={job.total ? job.done / job.total : null} label="Generating variants" />
          <span className="small muted">{job.message}</span>
          <button className="icon-button" onClick={() => void write('jobs.cancel', { id: job.id })} title="Cancel: nothing is stored" aria-label="Cancel generation" data-testid="variants.cancel"><X size={14} /></button>
        </div>
      )}
      {job?.status === 'cancelled' && <p className="small muted" data-testid="variants.result">Cancelled; nothing was stored.</p>}
      {job?.status === 'failed' && <p className="field-error small" data-testid="variants.result">{job.error?.message}</p>}
      {result && (
        <p className="small" data-testid="variants.result">
          {result.variants} variants in “{result.dataset}” ({result.created} new, {result.updated} redrawn, {result.unchanged} unchanged).{' '}
          <button className="link-button" onClick={() => { useBrowse.getState().setDataset(result.datasetId); go('datasets'); }} data-testid="variants.openDataset">
            Open “{result.dataset}”
          </button>
        </p>
      )}
    </>
  );
}

/** Which variants to make (any subset of METHODS §6's factorial, the paper's 1 + 4 + 8 by default), a preview and the job. */
export function VariantPanel(props: {
  datasetId: number; selection: VariantSelection; onSelection(s: VariantSelection): void; onPreview(): void; beforeGenerate(): Promise<void>;
}) {
  const { selection: sel } = props;
  const plan = useCall('variants.plan', { dataset: props.datasetId, selection: sel });
  const variants = useVariantJob(props.datasetId, sel, props.beforeGenerate);
  const perOriginal = variantMatrix(sel).length;
  const isLead = useIsLead();
  const stored = useCall('variants.list', { dataset: props.datasetId }, { enabled: isLead && serverDownloads });

  return (
    <section className="side-card" aria-label="Variants">
      <h2>Variants <span className="muted small">{perOriginal} per original</span></h2>
      <LevelChoices selection={sel} onSelection={props.onSelection} />
      <PlanLine plan={plan} />
      <div className="side-actions">
        <button className="button" onClick={props.onPreview} disabled={perOriginal === 0} title="Preview this item's variants (P)" data-testid="variants.preview">
          <Grid3x3 size={14} /> Preview
        </button>
        <button className="button button--primary" onClick={() => void variants.generate()} disabled={variants.running || !plan.data || plan.data.variants === 0}
          data-testid="variants.generate" title="Generate every variant of every scene in this dataset">
          <Sparkles size={14} /> Generate
        </button>
      </div>
      <JobOutcome variants={variants} />
      {isLead && serverDownloads && (variants.result || (stored.data?.length ?? 0) > 0) && (
        <button className="button" onClick={() => void variants.downloadVariants()} data-testid="variants.download" title="Every stored variant as PNGs with metadata.csv and metadata.json (zip)">
          <Download size={14} /> Download variants
        </button>
      )}
      {variants.error && <p className="field-error small">{variants.error}</p>}
    </section>
  );
}
