import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The same list set-up and the test runner use (scripts/browser.mjs). This file runs from e2e/ and, bundled into a
// benchmark, from bench/.data/: the list is one or two folders up.
const listFile = [join(__dirname, '..', 'scripts'), join(__dirname, '..', '..', 'scripts')]
  .map((folder) => join(folder, 'chromium-candidates.json'))
  .find((file) => existsSync(file))!;
const candidates = JSON.parse(readFileSync(listFile, 'utf8')) as string[];

/** The system Chromium (Debian's package here); Playwright's own browser download is never used. */
export function chromiumPath(): string | undefined {
  if (process.env.ANCHOR_CHROMIUM) return existsSync(process.env.ANCHOR_CHROMIUM) ? process.env.ANCHOR_CHROMIUM : undefined;
  return candidates.find((p) => existsSync(p));
}

/** Why the browser tests cannot run here, with the command that fixes it. */
export const noChromiumReason = 'no Chromium on this machine; install it (Debian: `sudo apt-get install -y chromium`) or set ANCHOR_CHROMIUM to a Chromium or Chrome binary, then run `npm test` again';
