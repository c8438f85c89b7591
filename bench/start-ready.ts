import { existsSync, mkdirSync, rmSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { createBackend } from '../electron/backend';
import { startHttpServer, type RunningServer } from '../electron/backend/http/server';
import { chromiumPath } from '../e2e/chromium';

const root = join(__dirname, '..', '..');
const dir = join(__dirname, 'start-ready');
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);

// Runs in the page before any of its scripts: notes the time (from navigation start) at which an element first carries
// data-app-state="ready", the same signal the browser tests wait on.
const READY_PROBE = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-app-state="ready"]')) {
      window.__readyAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-app-state'] });
`;

// The baseline: a page served the same way whose one tiny module script marks itself ready, so the ratio measures the
// studio's start, not the machine's.
function writeBaselinePage(folder: string): void {
  mkdirSync(join(folder, 'assets'), { recursive: true });
  writeFileSync(join(folder, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>baseline</title>'
    + '<script type="module" src="./assets/ready.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(folder, 'assets', 'ready.js'), 'document.getElementById("root").setAttribute("data-app-state", "ready");\n');
}

/** Milliseconds from navigation to ready, in a fresh browser context (an empty cache, as at the studio's first start). */
async function readyTime(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(READY_PROBE);
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => (globalThis as unknown as { __readyAt?: number }).__readyAt, undefined, { timeout: 120_000 });
  const ms = Number(await handle.jsonValue());
  await context.close();
  return ms;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, min: s[0]!, max: s[s.length - 1]! };
};

/** The JavaScript a first start downloads and runs: the entry chunk and what it preloads, against the whole build. */
function scriptSizes(folder: string): string {
  const assets = join(folder, 'assets');
  const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const total = js.reduce((sum, f) => sum + statSync(join(assets, f)).size, 0);
  return `${js.length} script file(s), ${(total / 1024).toFixed(0)} KB in all`;
}

/**
 * Time from navigation to `data-app-state="ready"` in Chromium for the built studio (and, with BENCH_BEFORE=<a
 * dist/renderer folder>, another build such as main's), against a baseline page served by the same server code in the
 * same run. Pages take turns within each round so a busy moment hits them alike. Needs `npm run build`.
 */
async function main() {
  const studio = join(root, 'dist', 'renderer');
  if (!existsSync(join(studio, 'index.html'))) throw new Error('build the renderer first: npm run build');
  rmSync(dir, { recursive: true, force: true });
  writeBaselinePage(join(dir, 'baseline'));
  const pages: [string, string][] = [['baseline page', join(dir, 'baseline')], ['studio', studio]];
  if (process.env.BENCH_BEFORE) pages.push(['studio (before)', resolve(process.env.BENCH_BEFORE)]);
  const backend = await createBackend({ dataDir: join(dir, 'data'), demo: true });
  const servers: RunningServer[] = [];
  for (const [, staticDir] of pages) servers.push(await startHttpServer(backend, { host: '127.0.0.1', port: 0, staticDir }));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
  const times: number[][] = pages.map(() => []);
  for (let round = -1; round < rounds; round++) {
    for (let i = 0; i < pages.length; i++) {
      const ms = await readyTime(browser, servers[i]!.url);
      if (round >= 0) times[i]!.push(ms); // round -1 warms the browser and the server up
    }
  }
  await browser.close();
  for (const server of servers) await server.close();
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
  const base = stats(times[0]!).median;
  pages.forEach(([label, folder], i) => {
    const s = stats(times[i]!);
    const size = i === 0 ? '' : `; ${scriptSizes(folder)}`;
    console.log(`${label}: median ${s.median.toFixed(0)} ms, min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)} over ${rounds} runs${size}`);
    if (i > 0) console.log(`  ${label} / baseline page (medians): ${(s.median / base).toFixed(2)}`);
  });
  if (pages.length === 3) console.log(`studio / studio (before) (medians): ${(stats(times[1]!).median / stats(times[2]!).median).toFixed(2)}`);
}

void main();
