import { Monitor, Moon, Sun } from 'lucide-react';
import { useCall } from '../../api/queries';
import { transport } from '../../api/transport';
import { useTheme, type ThemeChoice } from '../../stores/theme';
import { EndpointsCard } from './EndpointsCard';

const themes: { value: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { value: 'system', label: 'System', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

/** Appearance, model endpoints and what the studio is running against. */
export function SettingsScreen() {
  const theme = useTheme();
  const info = useCall('app.info');
  const datasets = useCall('datasets.list', undefined, { enabled: Boolean(info.data?.project) });
  const p = info.data?.project;
  return (
    <div className="settings" data-testid="settings.screen">
      <header className="screen-header"><h1>Settings</h1></header>
      <section className="card">
        <h2>Appearance</h2>
        <div className="segmented" role="radiogroup" aria-label="Theme">
          {themes.map(({ value, label, icon: Icon }) => (
            <button key={value} role="radio" aria-checked={theme.choice === value} className={`segmented__item${theme.choice === value ? ' segmented__item--on' : ''}`}
              onClick={() => theme.set(value)} data-testid={`settings.theme.${value}`}>
              <Icon size={14} /> {label}
            </button>
          ))}
        </div>
      </section>
      <EndpointsCard />
      <section className="card">
        <h2>Project</h2>
        {p ? (
          <dl className="facts facts--wide">
            <div><dt>File</dt><dd><code>{p.path}</code></dd></div>
            <div><dt>Size</dt><dd>{(p.sizeBytes / 1048576).toFixed(1)} MB</dd></div>
            <div><dt>Datasets</dt><dd>{datasets.data?.length ?? '…'}</dd></div>
            <div><dt>Questions</dt><dd>{datasets.data?.reduce((n, d) => n + d.questionCount, 0).toLocaleString() ?? '…'}</dd></div>
          </dl>
        ) : <p className="muted">No project is open.</p>}
      </section>
      <section className="card">
        <h2>About</h2>
        <dl className="facts facts--wide">
          <div><dt>Version</dt><dd>{info.data?.version}</dd></div>
          <div><dt>Running as</dt><dd>{transport.kind === 'ipc' ? 'desktop app' : 'browser studio (anchor serve)'}</dd></div>
        </dl>
      </section>
    </div>
  );
}
