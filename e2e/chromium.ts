import { existsSync } from 'node:fs';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];

/** The system Chromium (Debian's package here); Playwright's own browser download is never used. */
export function chromiumPath(): string | undefined {
  if (process.env.ANCHOR_CHROMIUM) return process.env.ANCHOR_CHROMIUM;
  return candidates.find((p) => existsSync(p));
}
