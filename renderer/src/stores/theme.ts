import { create } from 'zustand';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'anchor.theme';

interface ThemeState {
  choice: ThemeChoice;
  set(choice: ThemeChoice): void;
  toggle(): void;
}

const media = window.matchMedia('(prefers-color-scheme: dark)');

export function resolvedTheme(choice: ThemeChoice): 'light' | 'dark' {
  return choice === 'system' ? (media.matches ? 'dark' : 'light') : choice;
}

function apply(choice: ThemeChoice): void {
  document.documentElement.dataset.theme = resolvedTheme(choice);
}

function stored(): ThemeChoice {
  const value = window.localStorage.getItem(KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Light, dark or following the system; applied as `data-theme` on <html>, remembered per machine. */
export const useTheme = create<ThemeState>((set, get) => ({
  choice: stored(),
  set: (choice) => {
    window.localStorage.setItem(KEY, choice);
    apply(choice);
    set({ choice });
  },
  toggle: () => get().set(resolvedTheme(get().choice) === 'dark' ? 'light' : 'dark'),
}));

apply(stored());
media.addEventListener('change', () => apply(useTheme.getState().choice));
