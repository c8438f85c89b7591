import { useState } from 'react';
import { BookOpen, Save } from 'lucide-react';
import { useCall } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { Markdown } from '../../components/heavy-parts';
import { useGuidelinesDraft } from './useGuidelinesDraft';

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
  const draft = useGuidelinesDraft(props.datasetId, current.data);
  const { snapshot } = draft;
  const latest = current.data?.shown ?? null;
  const shown = viewing === null ? latest : old.data?.shown ?? null;
  const text = snapshot.draft;
  const dirty = snapshot.dirty;
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
              <textarea rows={14} value={text ?? ''} onChange={(e) => draft.edit(e.target.value)} data-testid="guidelines.editor"
                placeholder={'# What makes a good perception question\n\n- Ask about something visible in the image…'} />
            </label>
            <div className="row">
              <button className="button button--primary" disabled={!dirty || snapshot.status === 'saving' || snapshot.conflict !== null} data-testid="guidelines.save"
                onClick={() => void draft.save()}>
                <Save size={14} /> Save as version {snapshot.version + 1}
              </button>
              {snapshot.status === 'offline' && <span className="muted small" role="status">The server cannot be reached: kept here, saving when it is back.</span>}
              {snapshot.status === 'error' && <span className="error-box" role="alert">{snapshot.error}</span>}
              {!dirty && latest && <span className="muted small" data-testid="guidelines.saved">Version {latest.version} is current.</span>}
            </div>
            {snapshot.conflict && (
              <div className="error-box" role="alert" data-testid="guidelines.conflict">
                {snapshot.conflict.message}
                <div className="button-row">
                  <button className="button" onClick={() => void draft.resolve('mine')} data-testid="guidelines.keepMine">Save mine on top</button>
                  <button className="button button--ghost" onClick={() => void draft.resolve('theirs')} data-testid="guidelines.takeTheirs">Take the newest version</button>
                </div>
              </div>
            )}
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
