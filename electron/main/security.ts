import type { BrowserWindow, Session } from 'electron';

export interface HardenOptions {
  /** True for the app's own page (the built renderer); everything else is foreign. */
  isTrusted(url: string): boolean;
  /** Opens a link in the system browser. */
  openExternal(url: string): void;
}

const EXTERNAL = /^https:\/\//;

/**
 * Electron's security checklist for one window: no new windows (links go to the system browser), no navigation
 * away from the app, no <webview>, and every permission request refused.
 */
export function hardenWindow(win: BrowserWindow, options: HardenOptions): void {
  const contents = win.webContents;
  contents.setWindowOpenHandler(({ url }) => {
    if (EXTERNAL.test(url)) options.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK (https only, checked on this line)
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (!options.isTrusted(url)) {
      event.preventDefault();
      if (EXTERNAL.test(url)) options.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK (https only)
    }
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Refuses camera, microphone, notifications and every other permission: the studio needs none. */
export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
