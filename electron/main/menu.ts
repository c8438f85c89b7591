import type { MenuItemConstructorOptions } from 'electron';
import type { UiCommand } from '@shared/contract';

export interface MenuActions {
  newProject(): void;
  openProject(): void;
  openRecent(path: string): void;
  openDemo(): void;
  command(command: UiCommand): void;
}

/**
 * The native menu, with the same shortcuts the studio shows in its cheat-sheet. Commands the renderer handles
 * (navigation, import, theme) travel as `ui.command` events, the same channel as every other event.
 */
export function buildMenuTemplate(actions: MenuActions, recent: readonly string[], platform: NodeJS.Platform): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const go = (label: string, command: UiCommand, accelerator: string): MenuItemConstructorOptions => ({
    label, accelerator, click: () => actions.command(command),
  });
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: '&File',
      submenu: [
        { label: 'New Project…', accelerator: 'CmdOrCtrl+N', click: actions.newProject },
        { label: 'Open Project…', accelerator: 'CmdOrCtrl+O', click: actions.openProject },
        {
          label: 'Open Recent',
          submenu: recent.length
            ? recent.map((path) => ({ label: path, click: () => actions.openRecent(path) }))
            : [{ label: 'No recent projects', enabled: false }],
        },
        { label: 'Open Demo Project', click: actions.openDemo },
        { type: 'separator' },
        go('Import Files…', 'import', 'CmdOrCtrl+I'),
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: '&View',
      submenu: [
        go('Datasets', 'go.datasets', 'CmdOrCtrl+1'),
        go('Annotate', 'go.annotate', 'CmdOrCtrl+2'),
        go('Review', 'go.review', 'CmdOrCtrl+3'),
        go('Canvas', 'go.vrp', 'CmdOrCtrl+4'),
        go('Runs', 'go.runs', 'CmdOrCtrl+5'),
        go('Reports', 'go.reports', 'CmdOrCtrl+6'),
        go('Team', 'go.team', 'CmdOrCtrl+7'),
        go('Optimize', 'go.optimize', 'CmdOrCtrl+8'),
        go('Settings', 'go.settings', 'CmdOrCtrl+,'),
        { type: 'separator' },
        go('Search Questions', 'search', 'CmdOrCtrl+F'),
        go('Toggle Dark Theme', 'theme.toggle', 'CmdOrCtrl+Shift+D'),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [go('Keyboard Shortcuts', 'shortcuts', 'CmdOrCtrl+/')],
    },
  ];
}
