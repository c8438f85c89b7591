import { useState } from 'react';
import { Bot } from 'lucide-react';
import type { DraftingSettings } from '@shared/contract';
import { useCall, useMutate } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';

/** The lead's switch for model drafting on one dataset, and the endpoint that drafts (METHODS §10). */
export function DraftingView(props: { datasetId: number | undefined }) {
  if (props.datasetId === undefined) {
    return <EmptyState level={2} icon={Bot} title="Pick a dataset" testId="drafting.pick">Drafting is turned on or off per dataset: choose it above.</EmptyState>;
  }
  return <DraftingOf key={props.datasetId} datasetId={props.datasetId} />;
}

function DraftingOf({ datasetId }: { datasetId: number }) {
  const settings = useCall('drafting.settings', { datasetId });
  const endpoints = useCall('endpoints.list');
  // The check of drafts asks the text-only models of the dataset's last visual-dependency check.
  const visual = useCall('quality.visual', { datasetId });
  if (!settings.data || !endpoints.data || !visual.data) return <div className="skeleton skeleton--block" />;
  return (
    <DraftingForm datasetId={datasetId} settings={settings.data} endpoints={endpoints.data.map((e) => ({ name: e.name, model: e.model }))}
      textOnly={visual.data.textOnly} />
  );
}

function DraftingForm(props: { datasetId: number; settings: DraftingSettings; endpoints: { name: string; model: string }[]; textOnly: string[] }) {
  const { settings } = props;
  const [enabled, setEnabled] = useState(settings.enabled);
  const [endpoint, setEndpoint] = useState(settings.endpoint ?? '');
  const [check, setCheck] = useState(settings.checkBeforeSubmit);
  const save = useMutate('drafting.configure');
  const changed = enabled !== settings.enabled || endpoint !== (settings.endpoint ?? '') || check !== settings.checkBeforeSubmit || settings.byDefault;
  return (
    <section className="panel drafting-settings" data-testid="team.drafting">
      <h2>Draft with model</h2>
      <p className="muted small">
        Annotators may ask a vision model for a perception and a knowledge question, which they then check, edit and submit;
        every triplet records whether it was written by a person or drafted (and how much was changed). MMEvalPro&apos;s own triplets are
        human-written, so datasets imported as MMEvalPro start with drafting off.
      </p>
      <label className="check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} data-testid="drafting.enabled" />
        Annotators of this dataset may draft with a model
      </label>
      <label className="field"><span>Endpoint that drafts</span>
        <select value={endpoint} onChange={(e) => setEndpoint(e.target.value)} disabled={!enabled} data-testid="drafting.endpoint">
          <option value="">— none (nothing is offered) —</option>
          {props.endpoints.map((e) => <option key={e.name} value={e.name}>{e.name} — {e.model}</option>)}
        </select>
      </label>
      {props.endpoints.length === 0 && <p className="muted small">Add a vision endpoint in Settings first.</p>}
      <CheckSwitch check={check} onChange={setCheck} textOnly={props.textOnly} />
      <div className="field-row">
        <button className="button button--primary" disabled={!changed || save.isPending} data-testid="drafting.save"
          onClick={() => save.mutate({ datasetId: props.datasetId, enabled, endpoint: endpoint || null, checkBeforeSubmit: check })}>Save</button>
        <span className="muted small" data-testid="drafting.state">
          {settings.byDefault ? `Default: ${settings.enabled ? 'on' : 'off'}` : `${settings.enabled ? 'On' : 'Off'} · set by ${settings.by ?? 'owner'}`}
        </span>
      </div>
      {save.error && <p className="error-box" role="alert">{save.error.message}</p>}
    </section>
  );
}

/** "Check drafts before submission": only once the dataset has a visual-dependency check whose text-only models it asks. */
function CheckSwitch(props: { check: boolean; onChange(check: boolean): void; textOnly: string[] }) {
  const none = props.textOnly.length === 0;
  return (
    <>
      <label className="check">
        <input type="checkbox" checked={props.check} disabled={none && !props.check} onChange={(e) => props.onChange(e.target.checked)}
          data-testid="drafting.checkBeforeSubmit" />
        Check model drafts without the image before they are submitted
      </label>
      <p className="muted small" data-testid="drafting.checkHint">
        {none
          ? 'Needs a visual-dependency check of this dataset first: run one from the dataset\'s Quality page; its text-only models are then asked.'
          : `A drafted triplet is submitted only once ${props.textOnly.join(', ')} (the text-only models of the last check) answered its perception and `
            + 'knowledge questions without the image, and too few answered them right.'}
      </p>
    </>
  );
}
