import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, test as base } from '@playwright/test';
import { electronBinary, noElectronReason, root } from './electron';

const binary = electronBinary();
let reported = false;

/**
 * One suite, run twice: in the `chromium` project `page` is a browser tab on `anchor serve`; in the `electron`
 * project it is the desktop app's first window on a fresh data folder (skipped, with the reason printed, where the
 * Electron runtime is absent).
 */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    if (testInfo.project.name !== 'electron') return use(page);
    if (!binary) {
      if (!reported) console.log(`electron e2e skipped: ${noElectronReason}`);
      reported = true;
      testInfo.skip(true, noElectronReason);
      return;
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'anchor-electron-e2e-'));
    const app = await electron.launch({ executablePath: binary, args: [root], env: { ...process.env, ANCHOR_DATA_DIR: dataDir } as Record<string, string> });
    const window = await app.firstWindow();
    await use(window);
    await app.close();
  },
});

export { expect } from '@playwright/test';
