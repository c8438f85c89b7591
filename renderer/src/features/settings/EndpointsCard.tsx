import { useState } from 'react';
import { useCapabilities } from '../../api/capabilities';
import { CheckCircle2, Pencil, Plug, Plus, Trash2, XCircle } from 'lucide-react';
import type { EndpointInfo, EndpointInput } from '@shared/contract';
import { tokenParamSchema } from '@shared/domain/token-param';
import { call } from '../../api/call';
import { useCall, useMutate } from '../../api/queries';
import { transport } from '../../api/transport';

const blank: EndpointInput = { name: '', baseUrl: 'http://localhost:11434/v1', model: '', kind: 'vision', apiKeyEnv: null, concurrency: 4, maxTokens: 512, timeoutMs: 60_000, rpm: null, tpm: null, priceIn: null, priceOut: null };
const num = (v: string) => (v === '' ? null : Number(v));

function EndpointForm(props: { initial: EndpointInput; previousName: string | null; onDone: () => void }) {
  const [e, setE] = useState<EndpointInput>(props.initial);
  const [apiKey, setApiKey] = useState('');
  const save = useMutate('endpoints.save');
  const set = (patch: Partial<EndpointInput>) => setE((x) => ({ ...x, ...patch }));
  const desktop = transport.kind === 'ipc';
  return (
    <form className="form endpoint-form" data-testid="endpoints.form"
      onSubmit={(ev) => {
        ev.preventDefault();
        save.mutate({ endpoint: e, apiKey: apiKey || null, previousName: props.previousName }, { onSuccess: props.onDone });
      }}>
      <div className="field-row">
        <label className="field"><span>Name</span><input required value={e.name} onChange={(x) => set({ name: x.target.value })} placeholder="gpt-4o" data-testid="endpoints.name" /></label>
        <label className="field"><span>Model id</span><input required value={e.model} onChange={(x) => set({ model: x.target.value })} placeholder="llava:13b" data-testid="endpoints.model" /></label>
        <label className="field"><span>Kind</span>
          <select value={e.kind} onChange={(x) => set({ kind: x.target.value as 'vision' | 'text' })}><option value="vision">vision</option><option value="text">text only</option></select>
        </label>
      </div>
      <label className="field"><span>Base URL (OpenAI-compatible, ends in /v1)</span><input required value={e.baseUrl} onChange={(x) => set({ baseUrl: x.target.value })} data-testid="endpoints.baseUrl" /></label>
      <div className="field-row">
        <label className="field"><span>API key variable</span><input value={e.apiKeyEnv ?? ''} onChange={(x) => set({ apiKeyEnv: x.target.value || null })} placeholder="OPENAI_API_KEY" /></label>
        {desktop && <label className="field"><span>API key (stored encrypted by the OS)</span><input type="password" value={apiKey} onChange={(x) => setApiKey(x.target.value)} placeholder="leave empty to keep" autoComplete="off" /></label>}
      </div>
      <div className="field-row">
        <label className="field"><span>Concurrency</span><input type="number" min={1} value={e.concurrency ?? 4} onChange={(x) => set({ concurrency: Number(x.target.value) })} /></label>
        <label className="field"><span>Requests / min</span><input type="number" min={1} value={e.rpm ?? ''} placeholder="∞" onChange={(x) => set({ rpm: num(x.target.value) })} /></label>
        <label className="field"><span>Tokens / min</span><input type="number" min={1} value={e.tpm ?? ''} placeholder="∞" onChange={(x) => set({ tpm: num(x.target.value) })} /></label>
        <label className="field"><span>Max tokens</span><input type="number" min={1} value={e.maxTokens ?? 512} onChange={(x) => set({ maxTokens: Number(x.target.value) })} /></label>
        <label className="field" title="auto: max_completion_tokens for OpenAI o-series and gpt-5 models, max_tokens otherwise (vLLM, Ollama…)"><span>Max tokens field</span>
          <select value={e.tokenParam ?? 'auto'} onChange={(x) => set({ tokenParam: tokenParamSchema.parse(x.target.value) })} data-testid="endpoints.tokenParam">
            {tokenParamSchema.options.map((o) => <option key={o} value={o}>{o}</option>)}
          </select>
        </label>
      </div>
      <div className="field-row">
        <label className="field"><span>$ / M input tokens</span><input type="number" min={0} step="any" value={e.priceIn ?? ''} placeholder="unknown" onChange={(x) => set({ priceIn: num(x.target.value) })} /></label>
        <label className="field"><span>$ / M output tokens</span><input type="number" min={0} step="any" value={e.priceOut ?? ''} placeholder="unknown" onChange={(x) => set({ priceOut: num(x.target.value) })} /></label>
        <label className="field" title="What the provider takes off for a batch run (OpenAI: 50%)"><span>Batch discount (%)</span><input type="number" min={0} max={100} value={Math.round((e.batchDiscount ?? 0.5) * 100)} onChange={(x) => set({ batchDiscount: Math.min(100, Math.max(0, Number(x.target.value))) / 100 })} data-testid="endpoints.batchDiscount" /></label>
        <label className="field"><span>Timeout (ms)</span><input type="number" min={100} value={e.timeoutMs ?? 60000} onChange={(x) => set({ timeoutMs: Number(x.target.value) })} /></label>
      </div>
      {!desktop && <p className="muted small">In the browser studio and the CLI, keys are read from the environment variable you name here; they are never stored in files.</p>}
      {save.error && <p className="error-box">{save.error.message}</p>}
      <div className="button-row">
        <button className="button button--primary" type="submit" disabled={save.isPending} data-testid="endpoints.save">Save endpoint</button>
        <button className="button" type="button" onClick={props.onDone}>Cancel</button>
      </div>
    </form>
  );
}

function EndpointRow(props: { e: EndpointInfo; canEdit: boolean; onEdit: () => void }) {
  const remove = useMutate('endpoints.delete');
  const [test, setTest] = useState<{ ok: boolean; text: string } | 'running' | null>(null);
  const e = props.e;
  return (
    <li className="endpoint" data-testid="endpoints.row">
      <div className="endpoint__main">
        <b>{e.name}</b> <span className="muted">{e.model}</span> {e.kind === 'text' && <span className="tag tag--muted">text only</span>}
        <div className="muted small"><code>{e.baseUrl}</code> · key: {e.keySource === 'none' ? (e.apiKeyEnv ? `$${e.apiKeyEnv} not set` : 'none') : e.keySource === 'env' ? `$${e.apiKeyEnv}` : 'stored encrypted'} · {e.concurrency} at a time</div>
        {test && test !== 'running' && (
          <div className={`small ${test.ok ? 'ok' : 'danger'}`} data-testid="endpoints.testResult">
            {test.ok ? <CheckCircle2 size={13} /> : <XCircle size={13} />} {test.text}
          </div>
        )}
      </div>
      {props.canEdit && <div className="button-row">
        <button className="button" disabled={test === 'running'} data-testid="endpoints.test"
          onClick={async () => {
            setTest('running');
            const r = await call('endpoints.test', { name: e.name }).catch((err: Error) => ({ ok: false, latencyMs: 0, reply: null, error: err.message }));
            setTest({ ok: r.ok, text: r.ok ? `replied "${r.reply}" in ${r.latencyMs} ms` : `${r.error}` });
          }}><Plug size={14} /> {test === 'running' ? 'Testing…' : 'Test'}</button>
        <button className="icon-button" aria-label={`Edit ${e.name}`} onClick={props.onEdit}><Pencil size={14} /></button>
        <button className="icon-button" aria-label={`Delete ${e.name}`} onClick={() => window.confirm(`Forget endpoint ${e.name}?`) && remove.mutate({ name: e.name })}><Trash2 size={14} /></button>
      </div>}
    </li>
  );
}

/** Model endpoints of this machine: add, edit, test the connection, remove. */
export function EndpointsCard() {
  const endpoints = useCall('endpoints.list');
  // Adding, editing and testing endpoints is the lead's (and the machine owner's); others see which exist.
  const canEdit = useCapabilities().can('manageEndpoints');
  const [editing, setEditing] = useState<{ initial: EndpointInput; previous: string | null } | null>(null);
  return (
    <section className="card" data-testid="endpoints.card">
      <div className="button-row"><h2>Model endpoints</h2><span className="spacer" />
        {!editing && canEdit && <button className="button" onClick={() => setEditing({ initial: blank, previous: null })} data-testid="endpoints.add"><Plus size={14} /> Add endpoint</button>}
      </div>
      <p className="muted small">Any OpenAI-compatible server: OpenAI, vLLM, Ollama, LM Studio, llama.cpp. Endpoints belong to this machine and are shared by every project.</p>
      {endpoints.data?.length === 0 && !editing && <p className="muted">{canEdit ? 'None yet. Add one to evaluate models; the random-guess baseline and human evaluation need none.' : 'None yet. A lead adds the endpoints models are evaluated through.'}</p>}
      <ul className="endpoint-list">
        {endpoints.data?.map((e) => <EndpointRow key={e.name} e={e} canEdit={canEdit} onEdit={() => setEditing({ initial: e, previous: e.name })} />)}
      </ul>
      {editing && <EndpointForm initial={editing.initial} previousName={editing.previous} onDone={() => setEditing(null)} />}
    </section>
  );
}
