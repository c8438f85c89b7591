import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { z } from 'zod';

const root = join(__dirname, '..');

/** The floors docs/ARCHITECTURE.md lists ("1. `errors.ts` · `events.ts` …"), in its order, folders without their slash. */
function floorsOnTheMap(): string[][] {
  const text = readFileSync(join(root, 'docs', 'ARCHITECTURE.md'), 'utf8');
  const section = text.slice(text.indexOf('## The floors of electron/backend'), text.indexOf('\nThe three adapters'));
  return [...section.matchAll(/(\d+)\. ((?:`[^`]+`(?: · )?)+)/g)].map((m) => [...m[2]!.matchAll(/`([^`]+)`/g)].map((u) => u[1]!.replace(/\/$/, '')));
}

// The newcomer's map names the backend's floors as the lint holds them (eslint.config.mjs `backendFloors`): a floor
// added, moved or renamed in one place and not the other fails here.
it('docs/ARCHITECTURE.md lists the backend floors exactly as eslint.config.mjs holds them', async () => {
  const config = z.object({ backendFloors: z.array(z.array(z.string())) }).parse(await import(pathToFileURL(join(root, 'eslint.config.mjs')).href));
  expect(floorsOnTheMap()).toEqual(config.backendFloors);
});
