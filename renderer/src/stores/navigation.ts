import { create } from 'zustand';

export const screens = ['datasets', 'annotate', 'review', 'canvas', 'runs', 'reports', 'prompts', 'team', 'settings'] as const;
export type Screen = (typeof screens)[number];

interface NavigationState {
  screen: Screen;
  go(screen: Screen): void;
}

/** The current screen; app/location-sync.ts mirrors it (with what is open on it) in the URL hash. */
export const useNavigation = create<NavigationState>((set) => ({
  screen: 'datasets',
  go: (screen) => set({ screen }),
}));
