import { useEffect, useLayoutEffect, useRef } from 'react';
import { useCapabilities } from '../api/capabilities';
import { useCall } from '../api/queries';
import { DatasetsScreen } from '../features/datasets/DatasetsScreen';
import { LoginScreen } from '../features/session/LoginScreen';
import { lazyPart, useScreensLoading } from '../components/LazyPart';
import { useDialogs } from '../stores/dialogs';
import { screenLabels, screens, useNavigation } from '../stores/navigation';
import { runCommand } from './commands';
import { screenShown } from './screen-access';
import { ShortcutsDialog } from './ShortcutsDialog';
import { Sidebar } from './Sidebar';
import { useShortcutDispatcher, useShortcuts } from '../input/useShortcuts';

// Datasets, the first screen, comes with the app; every other screen's code (and the charts, canvas and Markdown it
// needs) is fetched when it first opens, so the studio starts on a fraction of its script (DECISIONS 199).
const VrpScreen = lazyPart(screenLabels.vrp, () => import('../features/vrp/VrpScreen').then((m) => m.VrpScreen), 'screen');
const OptimizeScreen = lazyPart(screenLabels.optimize, () => import('../features/optimize/OptimizeScreen').then((m) => m.OptimizeScreen), 'screen');
const SettingsScreen = lazyPart(screenLabels.settings, () => import('../features/settings/SettingsScreen').then((m) => m.SettingsScreen), 'screen');
const RunsScreen = lazyPart(screenLabels.runs, () => import('../features/runs/RunsScreen').then((m) => m.RunsScreen), 'screen');
const ReportsScreen = lazyPart(screenLabels.reports, () => import('../features/reports/ReportsScreen').then((m) => m.ReportsScreen), 'screen');
const AnnotateScreen = lazyPart(screenLabels.annotate, () => import('../features/annotate/AnnotateScreen').then((m) => m.AnnotateScreen), 'screen');
const ReviewScreen = lazyPart(screenLabels.review, () => import('../features/review/ReviewScreen').then((m) => m.ReviewScreen), 'screen');
const TeamScreen = lazyPart(screenLabels.team, () => import('../features/team/TeamScreen').then((m) => m.TeamScreen), 'screen');

// The app-wide dialogs, too, come when first opened (the run dialogs bring the run configuration's schemas).
const ImportDialog = lazyPart('Import', () => import('../features/datasets/ImportDialog').then((m) => m.ImportDialog));
const ProjectDialog = lazyPart('Projects', () => import('../features/project/ProjectDialog').then((m) => m.ProjectDialog));
const NewRunDialog = lazyPart('New run', () => import('../features/runs/NewRunDialog').then((m) => m.NewRunDialog));
const ImportPredictionsDialog = lazyPart('Import predictions', () => import('../features/runs/ImportPredictionsDialog').then((m) => m.ImportPredictionsDialog));

function CurrentScreen() {
  const screen = useNavigation((s) => s.screen);
  switch (screen) {
    case 'datasets': return <DatasetsScreen />;
    case 'settings': return <SettingsScreen />;
    case 'runs': return <RunsScreen />;
    case 'reports': return <ReportsScreen />;
    case 'annotate': return <AnnotateScreen />;
    case 'review': return <ReviewScreen />;
    case 'team': return <TeamScreen />;
    case 'vrp': return <VrpScreen />;
    case 'optimize': return <OptimizeScreen />;
  }
}

/** The app-wide shortcuts, bound to the same commands the desktop menu runs; Import only for those who may. */
function useGlobalShortcuts(): void {
  const caps = useCapabilities();
  const go = useNavigation((s) => s.go);
  useShortcuts({
    ...Object.fromEntries(screens.map((s) => [`go.${s}`, () => (screenShown(s, caps.can) ? go(s) : false)])),
    search: () => runCommand('search'),
    import: () => (caps.can('importFiles') ? runCommand('import') : false),
    project: () => (caps.can('switchProject') ? runCommand('project') : false),
    'theme.toggle': () => runCommand('theme.toggle'),
    shortcuts: () => runCommand('shortcuts'),
  });
}

/**
 * Writes the app root's `data-app-state`: ready once the session is answered and no screen's code is loading. Written
 * from a layout effect, which runs after the screens' own (a loading screen counts itself there), so a first render
 * that already has the session's answers never says ready before the screen it links to is there.
 */
function useAppState(sessionAnswered: boolean, failed: boolean, loginShown: boolean) {
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const write = () => {
      const state = sessionAnswered && useScreensLoading.getState().count === 0 ? 'ready' : failed ? 'error' : 'loading';
      root.current?.setAttribute('data-app-state', state);
    };
    write();
    return useScreensLoading.subscribe(write);
    // `loginShown`: the root is a new element after a login, and says its state again.
  }, [sessionAnswered, failed, loginShown]);
  return root;
}

export function App() {
  const info = useCall('app.info');
  const me = useCall('session.me');
  const { open, show } = useDialogs();
  useEffect(() => {
    const recheck = () => void me.refetch();
    window.addEventListener('anchor:unauthorized', recheck);
    return () => window.removeEventListener('anchor:unauthorized', recheck);
  }, [me]);
  useShortcutDispatcher();
  useGlobalShortcuts();
  const loginShown = me.data?.mode === 'team' && !me.data.user;
  const root = useAppState(info.isSuccess && me.isSuccess, info.isError, loginShown);
  if (loginShown) return <LoginScreen project={info.data?.project?.name ?? null} />;
  return (
    <div className="app" ref={root}>
      <Sidebar />
      <main className="main">
        {info.isError ? <div className="error-box">The studio cannot reach its server: {info.error.message}</div> : <CurrentScreen />}
      </main>
      {open === 'import' && <ImportDialog onClose={() => show(null)} />}
      {open === 'project' && <ProjectDialog onClose={() => show(null)} />}
      {open === 'shortcuts' && <ShortcutsDialog onClose={() => show(null)} />}
      {open === 'newRun' && <NewRunDialog onClose={() => show(null)} />}
      {open === 'importPredictions' && <ImportPredictionsDialog onClose={() => show(null)} />}
    </div>
  );
}
