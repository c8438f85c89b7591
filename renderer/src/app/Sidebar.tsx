import { Anchor, BarChart3, CheckCheck, Database, FolderOpen, Moon, PenLine, Play, Settings, Shapes, Sun, Users, Wand2 } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useCapabilities } from '../api/capabilities';
import { useCall } from '../api/queries';
import { Kbd } from '../components/Kbd';
import { useDialogs } from '../stores/dialogs';
import { screenLabels, useNavigation, type Screen } from '../stores/navigation';
import { useTheme } from '../stores/theme';
import { screenShown } from './screen-access';
import { screenKeys } from '../input/shortcuts';
import { JobsIndicator } from './JobsIndicator';
import { ProfileMenu } from '../features/session/ProfileMenu';

const items: { screen: Screen; icon: LucideIcon }[] = [
  { screen: 'datasets', icon: Database },
  { screen: 'annotate', icon: PenLine },
  { screen: 'review', icon: CheckCheck },
  { screen: 'vrp', icon: Shapes },
  { screen: 'runs', icon: Play },
  { screen: 'reports', icon: BarChart3 },
  { screen: 'optimize', icon: Wand2 },
  { screen: 'team', icon: Users },
  { screen: 'settings', icon: Settings },
];

export function Sidebar() {
  const { screen, go } = useNavigation();
  const info = useCall('app.info');
  const show = useDialogs((s) => s.show);
  const theme = useTheme();
  const dark = theme.resolved === 'dark';
  const project = info.data?.project;
  const caps = useCapabilities();
  const shown = items.filter((i) => screenShown(i.screen, caps.can));
  const projectText = (
    <span className="project-switcher__text">
      <span className="project-switcher__name">{project ? project.name : 'No project'}</span>
      <span className="project-switcher__hint">{project?.isDemo ? 'demo project' : project ? 'project' : 'open or create one'}</span>
    </span>
  );
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="sidebar__brand">
        <Anchor size={18} strokeWidth={2.2} />
        <span>Anchor Studio</span>
      </div>
      {caps.can('switchProject') ? (
        <button className="project-switcher" onClick={() => show('project')} data-testid="project.switcher" title="Open or create a project (o)">
          <FolderOpen size={15} />
          {projectText}
        </button>
      ) : (
        <div className="project-switcher project-switcher--fixed" data-testid="project.name">
          <FolderOpen size={15} />
          {projectText}
        </div>
      )}
      <ul className="sidebar__nav">
        {shown.map(({ screen: s, icon: Icon }) => (
          <li key={s}>
            <button
              className={`nav-item${s === screen ? ' nav-item--active' : ''}`}
              aria-current={s === screen ? 'page' : undefined}
              onClick={() => go(s)}
              data-testid={`nav.${s}`}
            >
              <Icon size={16} />
              <span>{screenLabels[s]}</span>
              <span className="nav-item__keys"><Kbd>g</Kbd><Kbd>{screenKeys[s]}</Kbd></span>
            </button>
          </li>
        ))}
      </ul>
      <ProfileMenu />
      <div className="sidebar__footer">
        <JobsIndicator />
        <button className="icon-button" onClick={theme.toggle} title="Switch theme (t)" data-testid="theme.toggle" aria-label="Switch theme">
          {dark ? <Sun size={16} /> : <Moon size={16} />}
        </button>
      </div>
    </nav>
  );
}
