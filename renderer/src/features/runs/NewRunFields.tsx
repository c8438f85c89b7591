import { useState } from 'react';
import { HUMAN_MODEL, RANDOM_MODEL } from '@shared/contract/eval-entities';
import { money } from './format';
import { editedTemplate, optionalNumber, roles, withFilter, withRole } from './run-form';
import type { RunForm } from './useRunForm';
import { AskedOnceList } from '../../components/AskedOnceList';
import { countOf } from '@shared/domain/count-words';

/** Which dataset, which model (or a baseline, or a person) and which roles. */
export function WhatToRun({ f }: { f: RunForm }) {
  const { form, set, datasets, endpoints } = f;
  return (
    <>
      <div className="field-row">
        <label className="field"><span>Dataset</span>
          <select value={form.datasetId} onChange={(e) => set({ datasetId: Number(e.target.value) })} data-testid="runs.form.dataset">
            {datasets.data?.map((d) => <option key={d.id} value={d.id}>{d.name} ({countOf(d.questionCount, 'question')})</option>)}
          </select>
        </label>
        <label className="field"><span>Model</span>
          <select value={form.model} onChange={(e) => set({ model: e.target.value })} data-testid="runs.form.model">
            {endpoints.data?.map((e) => <option key={e.name} value={e.name}>{e.name} — {e.model}{e.kind === 'text' ? ' (text only)' : ''}</option>)}
            <option value={RANDOM_MODEL}>random-guess (seeded baseline)</option>
            <option value={HUMAN_MODEL}>human (answer the questions yourself)</option>
          </select>
        </label>
      </div>
      {endpoints.data?.length === 0 && <p className="muted small">No model endpoints yet: add one in Settings (g s). The baselines work without one.</p>}
      <fieldset className="field checks"><span>Roles</span>
        <div className="button-row">
          {roles.map((r) => (
            <label key={r} className="check">
              <input type="checkbox" checked={form.roles?.includes(r) ?? false}
                onChange={(e) => set({ roles: withRole(form.roles, r, e.target.checked) })} /> {r}
            </label>
          ))}
        </div>
      </fieldset>
      {/* Perception and knowledge drafts being written are asked only when a lead chooses so (DECISIONS 100). */}
      <label className="field"><span>Triplet questions</span>
        <select value={form.triplets ?? 'submitted'} onChange={(e) => set({ triplets: tripletChoices.find((c) => c === e.target.value) ?? 'submitted' })}
          data-testid="runs.form.triplets">
          <option value="submitted">submitted (not while being written)</option>
          <option value="accepted">accepted only</option>
          <option value="drafts">drafts too (being written)</option>
        </select>
      </label>
    </>
  );
}

const tripletChoices = ['submitted', 'accepted', 'drafts'] as const;

/** One facet of the questions to pick from, each value with its count; empty is every value. */
interface FacetSelectProps {
  name: string; all: string; value: string | undefined; facets: { value: string; count: number }[] | undefined; onChange(value: string): void;
}

function FacetSelect(props: FacetSelectProps) {
  return (
    <label className="field"><span>{props.name}</span>
      <select value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.all}</option>
        {props.facets?.map((o) => <option key={o.value} value={o.value}>{o.value || '(none)'} ({o.count})</option>)}
      </select>
    </label>
  );
}

/** Narrowing the questions to one source or category. */
export function QuestionFilter({ f }: { f: RunForm }) {
  const { form, set, facets } = f;
  const setFilter = (key: 'source' | 'category', value: string) => set({ filter: withFilter(form.filter, key, value) });
  return (
    <div className="field-row">
      <FacetSelect name="Source" all="all sources" value={form.filter?.source} facets={facets.data?.sources} onChange={(v) => setFilter('source', v)} />
      <FacetSelect name="Category" all="all categories" value={form.filter?.category} facets={facets.data?.categories} onChange={(v) => setFilter('category', v)} />
    </div>
  );
}

/** The prompt template (whose text can be edited for this run) and the judge for unreadable answers. */
export function PromptChoice({ f }: { f: RunForm }) {
  const { form, set, templates, endpoints } = f;
  const [editing, setEditing] = useState(false);
  const human = form.model === HUMAN_MODEL;
  const preset = templates.data?.find((t) => t.id === form.templateId);
  return (
    <>
      <div className="field-row">
        <label className="field"><span>Prompt template</span>
          <select value={form.templateId} onChange={(e) => set({ templateId: e.target.value, template: null })} data-testid="runs.form.template">
            {templates.data?.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
          </select>
        </label>
        <label className="field"><span>Judge for unreadable answers</span>
          <select value={form.judge ?? ''} onChange={(e) => set({ judge: e.target.value || null })} disabled={human}>
            <option value="">none — record as unreadable</option>
            {endpoints.data?.map((e) => <option key={e.name} value={e.name}>{e.name}</option>)}
          </select>
        </label>
      </div>
      {preset && !human && (
        <div className="template-edit">
          <button type="button" className="button button--ghost" onClick={() => setEditing(!editing)}>
            {editing ? 'Hide the prompt' : form.template ? 'Edit the prompt (edited)' : 'Edit the prompt'}
          </button>
          {editing && (
            <label className="field"><span>Multiple-choice prompt — placeholders {'{question}'}, {'{options}'}, {'{hint_line}'}; its hash is stored with the run</span>
              <textarea rows={5} value={form.template?.multipleChoice ?? preset.multipleChoice} data-testid="runs.form.prompt"
                onChange={(e) => set({ template: editedTemplate(preset, e.target.value) })} />
            </label>
          )}
        </div>
      )}
    </>
  );
}

/** How many questions, sampling, and how requests are sent. */
export function RunOptions({ f }: { f: RunForm }) {
  const { form, set } = f;
  const human = form.model === HUMAN_MODEL;
  return (
    <>
      <div className="field-row">
        <label className="field"><span>Only the first N questions</span>
          <input type="number" min={1} placeholder="all" value={form.limit ?? ''} onChange={(e) => set({ limit: optionalNumber(e.target.value) })} data-testid="runs.form.limit" />
        </label>
        <label className="field"><span>Temperature</span>
          <input type="number" min={0} max={2} step={0.1} placeholder="endpoint default" value={form.temperature ?? ''} disabled={human}
            onChange={(e) => set({ temperature: optionalNumber(e.target.value) })} />
        </label>
        <label className="field"><span>Seed</span>
          <input type="number" placeholder="none" value={form.seed ?? ''} onChange={(e) => set({ seed: optionalNumber(e.target.value) })} />
        </label>
        <label className="field" title="VRPTest's repeated trials: ask each question N times and score the majority answer, for endpoints that are not deterministic (5 suggested)">
          <span>Trials (majority vote)</span>
          <input type="number" min={1} max={25} placeholder="1" value={form.trials ?? ''} disabled={human || (form.circular ?? false)}
            onChange={(e) => set({ trials: optionalNumber(e.target.value) ?? undefined })} data-testid="runs.form.trials" />
        </label>
      </div>
      <div className="button-row wrap options-row">
        <label className="check" title="Ask each k-option question k times with rotated options; right only if every pass is"><input type="checkbox" checked={form.circular ?? false} disabled={human} onChange={(e) => set({ circular: e.target.checked })} data-testid="runs.form.circular" /> CircularEval</label>
        <label className="check" title="Off withholds images (seeing-or-not)"><input type="checkbox" checked={form.images ?? true} onChange={(e) => set({ images: e.target.checked })} /> Send images</label>
        <label className="check" title="Stop the run at the first request that fails after its retries"><input type="checkbox" checked={form.failFast ?? false} disabled={human} onChange={(e) => set({ failFast: e.target.checked })} /> Fail fast</label>
        <label className="check" title="Sent as one provider batch (/v1/files + /v1/batches): cheaper, answered within hours; a restart polls the same batch">
          <input type="checkbox" checked={form.batch ?? false} disabled={human || form.model === RANDOM_MODEL} onChange={(e) => set({ batch: e.target.checked })} data-testid="runs.form.batch" /> Send as one batch
        </label>
        <label className="check" title="Larger images are scaled down, keeping their aspect">Max image side
          <input className="narrow" type="number" min={64} max={8192} value={form.imageMaxSide ?? 1536} onChange={(e) => set({ imageMaxSide: Number(e.target.value) || 1536 })} /> px
        </label>
      </div>
    </>
  );
}

/** What the run will cost: questions, requests, cache hits, tokens and dollars, with the plan's warnings. */
export function RunPlan({ plan }: { plan: RunForm['plan'] }) {
  return (
    <div className="plan" data-testid="runs.plan">
      {plan.isError ? <p className="error-box">{plan.error.message}</p> : plan.data ? (
        <>
          <div className="plan__numbers">
            <div><b>{plan.data.questions.toLocaleString()}</b><span>questions</span></div>
            <div><b>{plan.data.requests.toLocaleString()}</b><span>requests</span></div>
            <div><b>{plan.data.fromCache.toLocaleString()}</b><span>from cache</span></div>
            <div><b>{plan.data.promptTokens.toLocaleString()}</b><span>prompt tokens (est.)</span></div>
            <div><b>{money(plan.data.maxCost)}</b><span>{plan.data.maxCost === null ? 'cost (no prices set)' : 'cost at most'}</span></div>
          </div>
          {plan.data.batchDiscount !== null && (
            <p className="muted small" data-testid="runs.plan.batch">
              Sent as one batch: the provider's {Math.round(plan.data.batchDiscount * 100)}% batch discount is in the cost; answers arrive when
              the batch completes (providers allow up to 24 h).
            </p>
          )}
          {plan.data.warnings.map((w) => <p key={w} className="warning">{w}</p>)}
          <AskedOnceList askedOnce={plan.data.askedOnce} total={plan.data.askedOnce.length} testId="runs.plan.askedOnce" />
        </>
      ) : <p className="muted small">Working out the requests…</p>}
    </div>
  );
}
