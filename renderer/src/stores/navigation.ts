import { create } from 'zustand';

export const screens = ['datasets', 'annotate', 'review', 'vrp', 'runs', 'reports', 'optimize', 'team', 'settings'] as const;
export type Screen = (typeof screens)[number];

/**
 * What the sidebar, the menu's cheat-sheet and its headings call each screen. The ids name the feature as the code
 * does (vrp, optimize); the VRP screen keeps the word people see on it, Canvas (DECISIONS 88).
 */
export const screenLabels: Record<Screen, string> = {
  datasets: 'Datasets',
  annotate: 'Annotate',
  review: 'Review',
  vrp: 'Canvas',
  runs: 'Runs',
  reports: 'Reports',
  optimize: 'Optimize',
  team: 'Team',
  settings: 'Settings',
};

interface NavigationState {
  screen: Screen;
  go(screen: Screen): void;
}

/** The current screen; app/location-sync.ts mirrors it (with what is open on it) in the URL hash. */
export const useNavigation = create<NavigationState>((set) => ({
  screen: 'datasets',
  go: (screen) => set({ screen }),
}));
