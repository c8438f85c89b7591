import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath } from './e2e/chromium';

const port = Number(process.env.ANCHOR_E2E_PORT ?? 5191);
// A fresh data folder per run: the server builds the demo project in it, so every run starts from the same state.
const dataDir = process.env.ANCHOR_E2E_DATA ?? mkdtempSync(join(tmpdir(), 'anchor-e2e-'));
process.env.ANCHOR_E2E_DATA = dataDir;

const launchOptions = {
  executablePath: chromiumPath(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  // The `@shared/*` import alias reaches specs through test/ helpers; it is declared in tsconfig.base.json.
  tsconfig: './tsconfig.e2e.json',
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Limits only catch hangs (no test may fail for being slow on a loaded machine): at a load of 20 on two cores the
  // three-person workflow took over 4 minutes, and one render over 20 s.
  timeout: 900_000,
  expect: { timeout: 60_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `node bin/anchor.cjs serve --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    env: { ANCHOR_DATA_DIR: dataDir },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
  // The same specs twice: in Debian's Chromium against `anchor serve`, and in the desktop app where Electron exists.
  projects: [
    { name: 'chromium', use: { browserName: 'chromium', launchOptions } },
    { name: 'electron', use: { browserName: 'chromium', launchOptions } },
  ],
});
