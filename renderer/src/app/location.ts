import { screens, type Screen } from '../stores/navigation';

/**
 * Where the person is, as the URL's hash says it: the screen and what is open on it. Kept apart from the stores so
 * both directions (URL → stores on load and on a pasted link, stores → URL as people move) are plain functions.
 *
 *   #/datasets/3/item/41   dataset 3, item 41 open
 *   #/annotate/41          #/review/41
 *   #/runs/7               #/reports/run/7   #/reports/compare   #/reports/leaderboard
 */
export interface Place {
  screen: Screen;
  /** The dataset (Datasets), the item (Annotate, Review) or the run (Runs, Reports' run tab). */
  id: number | null;
  /** The item open in the dataset browser. */
  item: number | null;
  /** The Reports tab. */
  tab: ReportTab | null;
}

export const reportTabs = ['run', 'compare', 'leaderboard'] as const;
export type ReportTab = (typeof reportTabs)[number];

/** Screens whose URL names what is open on them by id. */
const withId: readonly Screen[] = ['datasets', 'annotate', 'review', 'runs'];

/** Screen ids links used before the screens took their features' names (DECISIONS 88): old bookmarks still open. */
const formerScreenIds: Readonly<Record<string, Screen>> = { canvas: 'vrp', prompts: 'optimize' };

const whole = (text: string | undefined): number | null => (text && /^\d{1,12}$/.test(text) ? Number(text) : null);

export function parsePlace(hash: string): Place {
  const parts = hash.replace(/^#\/?/, '').split('/').map((p) => decodeURIComponent(p));
  parts[0] = formerScreenIds[parts[0] ?? ''] ?? parts[0] ?? '';
  if (!(screens as readonly string[]).includes(parts[0] ?? '')) return { screen: 'datasets', id: null, item: null, tab: null };
  const screen = parts[0] as Screen;
  if (!withId.includes(screen) && screen !== 'reports') return { screen, id: null, item: null, tab: null };
  if (screen === 'reports') {
    const tab = (reportTabs as readonly string[]).includes(parts[1] ?? '') ? (parts[1] as ReportTab) : null;
    return { screen, tab, id: tab === 'run' ? whole(parts[2]) : null, item: null };
  }
  const item = screen === 'datasets' && parts[2] === 'item' ? whole(parts[3]) : null;
  return { screen, id: whole(parts[1]), item, tab: null };
}

export function formatPlace(place: Place): string {
  const path: (string | number)[] = [place.screen];
  if (place.screen === 'reports') {
    if (place.tab) path.push(place.tab);
    if (place.tab === 'run' && place.id !== null) path.push(place.id);
  } else if (place.id !== null && withId.includes(place.screen)) {
    path.push(place.id);
    if (place.screen === 'datasets' && place.item !== null) path.push('item', place.item);
  }
  return `#/${path.join('/')}`;
}
