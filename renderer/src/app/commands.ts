import type { UiCommand } from '@shared/contract';
import { useDialogs } from '../stores/dialogs';
import { useNavigation, type Screen } from '../stores/navigation';
import { useTheme } from '../stores/theme';

/** Carries out a command from the desktop menu or a shortcut; one place, so both always do the same thing. */
export function runCommand(command: UiCommand): void {
  if (command.startsWith('go.')) {
    useNavigation.getState().go(command.slice(3) as Screen);
    return;
  }
  switch (command) {
    case 'import': return useDialogs.getState().show('import');
    case 'project': return useDialogs.getState().show('project');
    case 'shortcuts': return useDialogs.getState().show('shortcuts');
    case 'theme.toggle': return useTheme.getState().toggle();
    case 'search':
      useNavigation.getState().go('datasets');
      window.dispatchEvent(new Event('anchor:focus-search'));
      return;
  }
}
