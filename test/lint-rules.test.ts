import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layer boundaries are only worth having if the lint really refuses a crossing: each case is a deliberate
// violation linted as if it stood in that folder, and one allowed import beside it.
const eslint = new ESLint({ cwd: join(__dirname, '..') });
const ruleIdsFor = async (file: string, code: string) => (await eslint.lintText(code, { filePath: join(__dirname, '..', file) }))[0]!.messages.map((m) => m.ruleId);

describe('import boundaries', () => {
  it('keeps Node built-ins, Electron and the backend out of shared/', async () => {
    expect(await ruleIdsFor('shared/domain/x.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('shared/domain/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('shared/domain/x.ts', "import { open } from '../../electron/backend/db/open';\nexport const o = open;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('shared/domain/x.ts', "import { z } from 'zod';\nexport const s = z.string();\n")).toEqual([]);
  });

  it('keeps the backend and Node out of the renderer', async () => {
    expect(await ruleIdsFor('renderer/src/x.ts', "import { createBackend } from '../../electron/backend';\nexport const b = createBackend;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('renderer/src/x.ts', "import Database from 'better-sqlite3';\nexport const d = Database;\n")).toContain('no-restricted-imports');
  });

  it('keeps Electron, the shell and the renderer out of the backend', async () => {
    expect(await ruleIdsFor('electron/backend/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('electron/backend/x.ts', "import { w } from '../main/window';\nexport const x = w;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('electron/backend/x.ts', "import { App } from '../../renderer/src/app/App';\nexport const x = App;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('electron/backend/x.ts', "import Database from 'better-sqlite3';\nexport const d = Database;\n")).toEqual([]);
  });

  it('refuses `any`', async () => {
    expect(await ruleIdsFor('shared/domain/x.ts', 'export const f = (x: any) => x;\n')).toContain('@typescript-eslint/no-explicit-any');
  });
});
