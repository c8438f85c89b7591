import { useState } from 'react';
import { FilePlus2, FolderOpen, History, Sparkles } from 'lucide-react';
import { useCall, useMutate } from '../../api/queries';
import { Modal } from '../../components/Modal';
import { useBrowse } from '../../stores/browse';

/** Open, create or reopen a project file, or the demo. Paths are on the machine running the backend. */
export function ProjectDialog(props: { onClose: () => void }) {
  const info = useCall('app.info');
  const recent = useCall('projects.recent');
  const open = useMutate('projects.open');
  const create = useMutate('projects.create');
  const demo = useMutate('projects.openDemo');
  const setDataset = useBrowse((s) => s.setDataset);
  const [path, setPath] = useState('');
  const error = open.error ?? create.error ?? demo.error;
  const done = () => {
    setDataset(null);
    props.onClose();
  };
  const withExtension = (p: string) => (p.trim().endsWith('.anchor') ? p.trim() : `${p.trim()}.anchor`);
  return (
    <Modal title="Projects" onClose={props.onClose} testId="project.dialog" wide>
      <div className="form">
        {info.data?.project && (
          <p className="muted small">Open now: <code>{info.data.project.path}</code> · {(info.data.project.sizeBytes / 1048576).toFixed(1)} MB</p>
        )}
        <label className="field">
          <span>Project file</span>
          <input value={path} onChange={(e) => setPath(e.target.value)} placeholder="/home/me/benchmarks/mmevalpro.anchor" data-testid="project.path"
            onKeyDown={(e) => e.key === 'Enter' && path.trim() && open.mutate({ path: withExtension(path) }, { onSuccess: done })} />
        </label>
        <div className="button-row">
          <button className="button button--primary" disabled={!path.trim()} onClick={() => open.mutate({ path: withExtension(path) }, { onSuccess: done })} data-testid="project.open">
            <FolderOpen size={14} /> Open
          </button>
          <button className="button" disabled={!path.trim()} onClick={() => create.mutate({ path: withExtension(path) }, { onSuccess: done })} data-testid="project.create">
            <FilePlus2 size={14} /> Create new
          </button>
          <span className="spacer" />
          <button className="button button--ghost" onClick={() => demo.mutate({}, { onSuccess: done })} data-testid="project.demo">
            <Sparkles size={14} /> Demo project
          </button>
        </div>
        {error && <p className="error-box" role="alert">{error.message}</p>}
        <h3 className="section-title"><History size={14} /> Recent</h3>
        {recent.data && recent.data.length > 0 ? (
          <ul className="recent-list">
            {recent.data.map((r) => (
              <li key={r.path}>
                <button className="recent" disabled={!r.exists} onClick={() => open.mutate({ path: r.path }, { onSuccess: done })}>
                  <span className="recent__path">{r.path}</span>
                  <span className="muted small">{r.exists ? new Date(r.openedAt).toLocaleString() : 'missing'}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">Projects you open appear here.</p>
        )}
      </div>
    </Modal>
  );
}
