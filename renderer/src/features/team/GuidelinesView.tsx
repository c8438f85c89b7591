import { useEffect, useState } from 'react';
import { BookOpen, Save } from 'lucide-react';
import { useCall, useMutate } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { Markdown } from '../../components/heavy-parts';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The lead writes a dataset's guidelines in Markdown (each save a new version); everyone reads any version. */
export function GuidelinesView(props: { datasetId: number | undefined; canEdit: boolean }) {
  if (props.datasetId === undefined) {
    return <EmptyState level={2} icon={BookOpen} title="Pick a dataset" testId="guidelines.pick">Guidelines belong to one dataset: choose it above.</EmptyState>;
  }
  return <GuidelinesOf key={props.datasetId} datasetId={props.datasetId} canEdit={props.canEdit} />;
}

function GuidelinesOf(props: { datasetId: number; canEdit: boolean }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const current = useCall('guidelines.get', { datasetId: props.datasetId });
  const old = useCall('guidelines.get', { datasetId: props.datasetId, version: viewing ?? 1 }, { enabled: viewing !== null });
  const save = useMutate('guidelines.save');
  const [text, setText] = useState<string | null>(null);
  const [base, setBase] = useState<{ version: number | null; body: string } | null>(null);
  const latest = current.data?.shown ?? null;
  // Follow the newest version while the text is untouched (first load, after a save); an edit in progress is kept,
  // and saving it over someone else's newer version is refused by the backend with a message.
  useEffect(() => {
    if (!current.data) return;
    const newest = { version: current.data.latest, body: current.data.shown?.body ?? '' };
    if (text === null || base === null || text === base.body || text === newest.body) {
      setText(text === null || base === null || text === base.body ? newest.body : text);
      setBase(newest);
    }
  }, [current.data]);
  const shown = viewing === null ? latest : old.data?.shown ?? null;
  const dirty = text !== null && text !== (latest?.body ?? '');
  return (
    <div className="guidelines-editor" data-testid="team.guidelines">
      <section className="panel guidelines-editor__main">
        {current.data?.latest === null && (
          <p className="muted" data-testid="guidelines.none">
            No guidelines yet{props.canEdit ? ' — write the first version below; annotators and checkers see it beside their forms.' : ' — a lead can write them here.'}
          </p>
        )}
        {props.canEdit && viewing === null ? (
          <>
            <label className="field"><span>Guidelines (Markdown)</span>
              <textarea rows={14} value={text ?? ''} onChange={(e) => setText(e.target.value)} data-testid="guidelines.editor"
                placeholder={'# What makes a good perception question\n\n- Ask about something visible in the image…'} />
            </label>
            <div className="row">
              <button className="button button--primary" disabled={!dirty || save.isPending} data-testid="guidelines.save"
                onClick={() => save.mutate({ datasetId: props.datasetId, body: text ?? '', baseVersion: base?.version ?? null })}>
                <Save size={14} /> Save as version {(base?.version ?? 0) + 1}
              </button>
              {save.error && <span className="error-box" role="alert">{save.error.message}</span>}
              {!dirty && latest && <span className="muted small" data-testid="guidelines.saved">Version {latest.version} is current.</span>}
            </div>
            {text ? <><div className="section-title">Preview</div><Markdown text={text} testId="guidelines.preview" /></> : null}
          </>
        ) : shown ? <Markdown text={shown.body} testId="guidelines.read" /> : null}
      </section>
      <aside className="panel guidelines-editor__versions">
        <h2>Versions</h2>
        {(current.data?.versions ?? []).length === 0 ? <p className="muted small">None saved yet.</p> : (
          <ol className="version-list">
            {current.data!.versions.map((v) => {
              const on = (viewing ?? current.data!.latest) === v.version;
              return (
                <li key={v.version}>
                  <button className={`version-list__item${on ? ' version-list__item--on' : ''}`} aria-pressed={on} data-testid={`guidelines.version.${v.version}`}
                    onClick={() => setViewing(v.version === current.data!.latest ? null : v.version)}>
                    <strong>v{v.version}</strong> <span className="muted small">{v.authorName ?? 'owner'} · {when(v.at)}</span>
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </aside>
    </div>
  );
}
