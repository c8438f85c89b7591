import { useEffect, useState } from 'react';
import { useCapabilities } from '../../api/capabilities';
import { FolderOpen, Users } from 'lucide-react';
import { useCall } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { useDialogs } from '../../stores/dialogs';
import { AssignView } from './AssignView';
import { DashboardView } from './DashboardView';
import { LintView } from './LintView';
import { PeopleView } from './PeopleView';
import { ExportAccepted } from './ExportAccepted';
import { GuidelinesView } from './GuidelinesView';
import { DraftingView } from './DraftingView';
import { serverDownloads } from '../../api/download';

type Tab = 'dashboard' | 'assign' | 'guidelines' | 'drafting' | 'people' | 'lint';
const tabs: { id: Tab; label: string; lead: boolean }[] = [
  { id: 'dashboard', label: 'Dashboard', lead: true },
  { id: 'assign', label: 'Assign', lead: true },
  { id: 'guidelines', label: 'Guidelines', lead: false },
  { id: 'drafting', label: 'Drafting', lead: true },
  { id: 'people', label: 'People', lead: false },
  { id: 'lint', label: 'Lint', lead: false },
];

/** Team: the lead's dashboard and assignment, the people of the project, and the dataset lint. */
export function TeamScreen() {
  const info = useCall('app.info');
  const me = useCall('session.me');
  const show = useDialogs((s) => s.show);
  const datasets = useCall('datasets.list', undefined, { enabled: Boolean(info.data?.project) });
  const users = useCall('users.list', undefined, { enabled: Boolean(info.data?.project) });
  // What the backend says the caller may do (the machine's owner, with no profile chosen, may do what a lead does).
  const caps = useCapabilities();
  const isLead = caps.can('manageTeam');
  // Until someone picks a tab, the lead lands on the dashboard and everyone else on the people list.
  const [picked, setTab] = useState<Tab | null>(null);
  const tab: Tab = picked ?? (isLead ? 'dashboard' : 'people');
  const [datasetId, setDatasetId] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (datasetId === undefined && datasets.data?.length) setDatasetId(datasets.data[0]!.id);
  }, [datasets.data, datasetId]);
  useEffect(() => { if (!isLead && tabs.find((t) => t.id === tab)?.lead) setTab('people'); }, [isLead, tab]);

  if (info.data && !info.data.project) {
    return <EmptyState icon={FolderOpen} title="No project is open" testId="team.noProject"
      actions={<button className="button button--primary" onClick={() => show('project')}>Open or create a project</button>}>The team, its assignments and its reviews live in the project file.</EmptyState>;
  }
  const noPeople = users.isSuccess && users.data.length === 0;
  return (
    <div className="team" data-testid="team.screen">
      <header className="screen-header">
        <h1>Team</h1>
        <div className="segmented">
          {tabs.filter((t) => isLead || !t.lead).map((t) => (
            <button key={t.id} className={`segmented__item${tab === t.id ? ' segmented__item--on' : ''}`} onClick={() => setTab(t.id)} data-testid={`team.tab.${t.id}`}>{t.label}</button>
          ))}
        </div>
        <div className="screen-header__actions">
          <label className="facet"><span className="facet__label">Dataset</span>
            <select value={datasetId ?? ''} onChange={(e) => setDatasetId(e.target.value ? Number(e.target.value) : undefined)} data-testid="team.dataset">
              <option value="">All datasets</option>
              {(datasets.data ?? []).map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
            </select>
          </label>
          {isLead && serverDownloads && datasetId !== undefined && <ExportAccepted datasetId={datasetId} />}
        </div>
      </header>
      <div className="team__body">
        {noPeople && tab !== 'people' && tab !== 'lint' && tab !== 'guidelines' && tab !== 'drafting' ? (
          <EmptyState level={2} icon={Users} title="No one is in this project yet" testId="team.empty"
            actions={<button className="button button--primary" onClick={() => setTab('people')}>Add people</button>}>
            Add annotators and checkers (and a lead), then assign items. On the desktop, pick your own profile in the sidebar.
          </EmptyState>
        ) : tab === 'dashboard' ? <DashboardView datasetId={datasetId} />
        : tab === 'assign' ? <AssignView datasetId={datasetId} />
        : tab === 'guidelines' ? <GuidelinesView datasetId={datasetId} canEdit={caps.can('editGuidelines')} />
        : tab === 'drafting' ? <DraftingView datasetId={datasetId} />
        : tab === 'people' ? <PeopleView canManage={isLead} team={me.data?.mode === 'team'} />
        : <LintView datasetId={datasetId} />}
      </div>
    </div>
  );
}
