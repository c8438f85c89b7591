import { create } from 'zustand';

export const screens = ['datasets', 'annotate', 'review', 'canvas', 'runs', 'reports', 'prompts', 'team', 'settings'] as const;
export type Screen = (typeof screens)[number];

interface NavigationState {
  screen: Screen;
  go(screen: Screen): void;
}

function fromHash(): Screen {
  const name = window.location.hash.replace(/^#\/?/, '').split('/')[0];
  return (screens as readonly string[]).includes(name ?? '') ? (name as Screen) : 'datasets';
}

/** The current screen, mirrored in the URL hash so a reload or a shared link lands on the same screen. */
export const useNavigation = create<NavigationState>((set) => ({
  screen: fromHash(),
  go: (screen) => {
    if (window.location.hash !== `#/${screen}`) window.history.replaceState(null, '', `#/${screen}`);
    set({ screen });
  },
}));

window.addEventListener('hashchange', () => useNavigation.setState({ screen: fromHash() }));
