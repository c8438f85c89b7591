import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, test as base, type TestInfo } from '@playwright/test';
import { chromiumPath, noChromiumReason } from '../chromium';
import { electronBinary, noElectronReason, root } from './electron';

const binary = electronBinary();
const chromium = chromiumPath();
const reported = new Set<string>();

/** Skips the test, printing the reason once per run, before any browser or app is launched. */
function skipFor(reason: string, testInfo: TestInfo): void {
  if (!reported.has(reason)) console.log(`${testInfo.project.name} e2e skipped: ${reason}`);
  reported.add(reason);
  testInfo.skip(true, reason);
}

/**
 * One suite, run twice: in the `chromium` project `page` is a browser tab on `anchor serve`; in the `electron`
 * project it is the desktop app's first window on a fresh data folder. Where the project's runtime is absent, an
 * automatic fixture skips each test before anything is launched (a `page` fixture would launch the browser first).
 */
export const test = base.extend<{ runtimeAvailable: void }>({
  runtimeAvailable: [
    async ({}, use, testInfo) => {
      if (testInfo.project.name === 'electron' && !binary) skipFor(noElectronReason, testInfo);
      else if (testInfo.project.name !== 'electron' && !chromium) skipFor(noChromiumReason, testInfo);
      await use();
    },
    { auto: true },
  ],
  page: async ({ page }, use, testInfo) => {
    if (testInfo.project.name !== 'electron') return use(page);
    const dataDir = mkdtempSync(join(tmpdir(), 'anchor-electron-e2e-'));
    const app = await electron.launch({ executablePath: binary!, args: [root], env: { ...process.env, ANCHOR_DATA_DIR: dataDir } as Record<string, string> });
    const window = await app.firstWindow();
    await use(window);
    await app.close();
  },
});

export { expect } from '@playwright/test';
