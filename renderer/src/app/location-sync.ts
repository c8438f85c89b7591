import { useBrowse } from '../stores/browse';
import { useNavigation } from '../stores/navigation';
import { useReports } from '../stores/reports';
import { useRuns } from '../stores/runs';
import { useWorkflow } from '../stores/workflow';
import { formatPlace, parsePlace, type Place } from './location';

/** The place the stores describe now. */
function currentPlace(): Place {
  const screen = useNavigation.getState().screen;
  const place: Place = { screen, id: null, item: null, tab: null };
  if (screen === 'datasets') {
    const browse = useBrowse.getState();
    return { ...place, id: browse.datasetId, item: browse.openItemId };
  }
  if (screen === 'annotate') return { ...place, id: useWorkflow.getState().annotateItem };
  if (screen === 'review') return { ...place, id: useWorkflow.getState().reviewItem };
  if (screen === 'runs') return { ...place, id: useRuns.getState().runId };
  if (screen === 'reports') {
    const reports = useReports.getState();
    return { ...place, tab: reports.view, id: reports.view === 'run' ? reports.runId : null };
  }
  return place;
}

/** Opens what a URL names: on start, and when a link is pasted or the hash is edited. */
function applyPlace(place: Place): void {
  if (place.screen === 'datasets' && place.id !== null) {
    if (useBrowse.getState().datasetId !== place.id) useBrowse.getState().setDataset(place.id);
    if (useBrowse.getState().openItemId !== place.item) useBrowse.getState().openItem(place.item);
  }
  if (place.screen === 'annotate' && place.id !== null) useWorkflow.getState().openAnnotate(place.id);
  if (place.screen === 'review' && place.id !== null) useWorkflow.getState().openReview(place.id);
  if (place.screen === 'runs' && place.id !== null && useRuns.getState().runId !== place.id) useRuns.getState().selectRun(place.id);
  if (place.screen === 'reports' && place.tab) {
    if (place.tab === 'run' && place.id !== null) useReports.getState().openRun(place.id);
    else useReports.getState().setView(place.tab);
  }
  useNavigation.setState({ screen: place.screen });
}

/**
 * Keeps the URL and the stores in step, so a reload or a shared link lands on the same dataset, item, run or report
 * tab. The URL is replaced, not pushed: moving through a queue should not fill the Back button's history.
 */
export function startLocationSync(): void {
  applyPlace(parsePlace(window.location.hash));
  const write = () => {
    const hash = formatPlace(currentPlace());
    if (window.location.hash !== hash) window.history.replaceState(null, '', hash);
  };
  write();
  for (const store of [useNavigation, useBrowse, useWorkflow, useRuns, useReports] as const) store.subscribe(write);
  // The event's own URL, not window.location: a store update between the change and its event (data arriving, say)
  // rewrites the address with the old place, and reading it back would undo the link the person followed.
  window.addEventListener('hashchange', (event) => applyPlace(parsePlace(new URL(event.newURL).hash)));
}
