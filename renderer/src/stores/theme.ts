import { create } from 'zustand';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'anchor.theme';

interface ThemeState {
  choice: ThemeChoice;
  /**
   * The theme on screen. Held in the store (not only worked out from `choice`) so that what reads it — charts drawn
   * with the theme's colours, the theme button — redraws when the system's theme changes while `choice` is "system".
   */
  resolved: 'light' | 'dark';
  set(choice: ThemeChoice): void;
  toggle(): void;
}

const media = window.matchMedia('(prefers-color-scheme: dark)');

function resolvedTheme(choice: ThemeChoice): 'light' | 'dark' {
  return choice === 'system' ? (media.matches ? 'dark' : 'light') : choice;
}

function apply(choice: ThemeChoice): 'light' | 'dark' {
  const resolved = resolvedTheme(choice);
  document.documentElement.dataset.theme = resolved;
  return resolved;
}

function stored(): ThemeChoice {
  const value = window.localStorage.getItem(KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Light, dark or following the system; applied as `data-theme` on <html>, remembered per machine. */
export const useTheme = create<ThemeState>((set, get) => ({
  choice: stored(),
  resolved: apply(stored()),
  set: (choice) => {
    window.localStorage.setItem(KEY, choice);
    set({ choice, resolved: apply(choice) });
  },
  toggle: () => get().set(get().resolved === 'dark' ? 'light' : 'dark'),
}));

media.addEventListener('change', () => useTheme.setState({ resolved: apply(useTheme.getState().choice) }));
