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

  it('holds the backend floors: no import sideways or up a floor, whatever the depth of the file', async () => {
    const restricted = 'no-restricted-imports';
    // The engine knows nothing of runs; runs never import reports; two domains on one floor do not import each other.
    expect(await ruleIdsFor('electron/backend/engine/x.ts', "import { runRow } from '../runs/runs';\nexport const r = runRow;\n")).toContain(restricted);
    expect(await ruleIdsFor('electron/backend/runs/store/x.ts', "import { summaryReport } from '../../reports/summary';\nexport const r = summaryReport;\n")).toContain(restricted);
    expect(await ruleIdsFor('electron/backend/runs/x.ts', "import { actorOf } from '../team/users';\nexport const a = actorOf;\n")).toContain(restricted);
    expect(await ruleIdsFor('electron/backend/db/x.ts', "import type { Backend } from '..';\nexport type B = Backend;\n")).toContain(restricted);
    expect(await ruleIdsFor('electron/backend/state.ts', "import { createHandlers } from './handlers';\nexport const c = createHandlers;\n")).toContain(restricted);
    // Down a floor, within a folder, a folder's own store, the adapters above the backend and @shared are allowed.
    expect(await ruleIdsFor('electron/backend/runs/x.ts', "import type { AskSettings } from '../engine/settings';\nimport { runRow } from './store/runs';\nexport type A = AskSettings;\nexport const r = runRow;\n")).toEqual([]);
    expect(await ruleIdsFor('electron/backend/team/x.ts', "import { teamHandlers } from './handlers';\nexport const t = teamHandlers;\n")).toEqual([]);
    expect(await ruleIdsFor('electron/backend/http/x.ts', "import type { Backend } from '..';\nexport type B = Backend;\n")).toEqual([]);
    expect(await ruleIdsFor('electron/backend/engine/x.ts', "import { inlineQuestionTemplate } from '@shared/optimize/question-template';\nexport const i = inlineQuestionTemplate;\n")).toEqual([]);
  });

  it('holds the shared/ floors: leaf schemas, the entities, the rules, the methods, the drawings', async () => {
    const restricted = 'no-restricted-imports';
    // The two cycles issue 31 found (contract ↔ domain, contract/entities ↔ scoring/rules) and a leaf reaching up.
    expect(await ruleIdsFor('shared/contract/x-entities.ts', "import { scoringRules } from '../scoring/rules';\nexport const s = scoringRules;\n")).toContain(restricted);
    expect(await ruleIdsFor('shared/contract/x-entities.ts', "import { methods } from '.';\nexport const m = methods;\n")).toContain(restricted);
    expect(await ruleIdsFor('shared/contract/entities.ts', "import { optionLabel } from '../domain/options';\nexport const o = optionLabel;\n")).toContain(restricted);
    expect(await ruleIdsFor('shared/contract/define.ts', "import { jobEventSchema } from './events';\nexport const j = jobEventSchema;\n")).toContain(restricted);
    expect(await ruleIdsFor('shared/domain/x.ts', "import { teamMethods } from '../contract/methods/team';\nexport const t = teamMethods;\n")).toContain(restricted);
    expect(await ruleIdsFor('shared/domain/entity.ts', "import { optionLabel } from './options';\nexport const o = optionLabel;\n")).toContain(restricted);
    expect(await ruleIdsFor('shared/vrp/x.ts', "import type { PromptPart } from '../prompts/templates';\nexport type P = PromptPart;\n")).toContain(restricted);
    expect(await ruleIdsFor('shared/scoring/x.ts', "import { renderPrompt } from '../prompts/templates';\nexport const r = renderPrompt;\n")).toContain(restricted);
    expect(await ruleIdsFor('shared/contract/methods/x.ts', "import { barOption } from '../../reports/charts';\nexport const b = barOption;\n")).toContain(restricted);
    // Down a floor, within a unit and the contract's own entities from its methods are allowed.
    expect(await ruleIdsFor('shared/scoring/x.ts', "import type { Option } from '../contract/entities';\nimport { optionLabel } from '../domain/options';\nimport { bleu4 } from './bleu';\nexport type O = Option;\nexport const f = [optionLabel, bleu4];\n")).toEqual([]);
    expect(await ruleIdsFor('shared/contract/eval-entities.ts', "import { optionSchema } from './entities';\nimport { recordIdSchema } from '../domain/entity';\nexport const s = [optionSchema, recordIdSchema];\n")).toEqual([]);
    expect(await ruleIdsFor('shared/contract/methods/x.ts', "import { method } from '../define';\nimport { capabilityNames } from '../../domain/capabilities';\nexport const m = [method, capabilityNames];\n")).toEqual([]);
    expect(await ruleIdsFor('shared/reports/x.ts', "import type { Role } from '../contract';\nexport type R = Role;\n")).toEqual([]);
  });

  it('holds the renderer floors: stores, input, api, components, features, app', async () => {
    const restricted = 'no-restricted-imports';
    // The eight crossings issue 31 found: features (and the API's paging) importing the app shell's shortcuts and focus.
    expect(await ruleIdsFor('renderer/src/features/annotate/x.ts', "import { useShortcuts } from '../../app/useShortcuts';\nexport const u = useShortcuts;\n")).toContain(restricted);
    expect(await ruleIdsFor('renderer/src/api/x.ts', "import { isTyping } from '../app/focus-context';\nexport const t = isTyping;\n")).toContain(restricted);
    expect(await ruleIdsFor('renderer/src/stores/x.ts', "import { call } from '../api/call';\nexport const c = call;\n")).toContain(restricted);
    expect(await ruleIdsFor('renderer/src/components/x.tsx', "import { useTripletEditor } from '../features/annotate/useTripletEditor';\nexport const u = useTripletEditor;\n")).toContain(restricted);
    expect(await ruleIdsFor('renderer/src/input/x.ts', "import { useCall } from '../api/queries';\nexport const u = useCall;\n")).toContain(restricted);
    expect(await ruleIdsFor('renderer/src/lib/x.ts', "import { useCanvasDoc } from '../stores/canvas-doc';\nexport const u = useCanvasDoc;\n")).toContain(restricted);
    // Down a floor, and one feature using another's panel, are allowed.
    expect(await ruleIdsFor('renderer/src/features/annotate/x.ts', "import { useShortcuts } from '../../input/useShortcuts';\nimport { StatusPill } from '../workflow/StatusPill';\nimport { useCall } from '../../api/queries';\nexport const u = [useShortcuts, StatusPill, useCall];\n")).toEqual([]);
    expect(await ruleIdsFor('renderer/src/app/x.ts', "import { AnnotateScreen } from '../features/annotate/AnnotateScreen';\nexport const a = AnnotateScreen;\n")).toEqual([]);
  });

  it('refreshes the renderer\'s caches only by declared scopes', async () => {
    const byKey = "import { queryClient } from '../../api/queries';\nexport const r = () => queryClient.invalidateQueries({ queryKey: ['triplets.get'] });\n";
    expect(await ruleIdsFor('renderer/src/features/workflow/x.ts', byKey)).toContain('no-restricted-properties');
    expect(await ruleIdsFor('renderer/src/features/workflow/x.ts', "import { invalidateScopes, queryClient } from '../../api/queries';\nexport const r = () => invalidateScopes(queryClient, ['team']);\n")).toEqual([]);
  });

  // DECISIONS 266: a value from the contract's index builds every schema of the API when the studio starts.
  it('takes the renderer\'s contract values from the contract\'s files, types from anywhere', async () => {
    const rule = '@typescript-eslint/no-restricted-imports';
    expect(await ruleIdsFor('renderer/src/features/runs/x.ts', "import { HUMAN_MODEL } from '@shared/contract';\nexport const h = HUMAN_MODEL;\n")).toContain(rule);
    expect(await ruleIdsFor('renderer/src/api/x.ts', "import { contract } from '@shared/contract';\nexport const c = contract;\n")).toContain(rule);
    expect(await ruleIdsFor('renderer/src/features/runs/x.ts', "import { HUMAN_MODEL } from '@shared/contract/eval-entities';\nimport type { RunConfigInput } from '@shared/contract';\nexport const h = HUMAN_MODEL;\nexport type R = RunConfigInput;\n")).toEqual([]);
  });

  it("refuses another domain's store, and SQL outside a store", async () => {
    expect(await ruleIdsFor('electron/backend/reports/x.ts', "import { runRow } from '../runs/store/runs';\nexport const r = runRow;\n")).toContain('no-restricted-imports');
    const sql = "import type { Db } from '../db/open';\nexport const count = (db: Db) => db.prepare('SELECT count(*) FROM items').pluck().get();\n";
    expect(await ruleIdsFor('electron/backend/team/x.ts', sql)).toContain('no-restricted-syntax');
    expect(await ruleIdsFor('electron/backend/team/store/x.ts', sql.replace("'../db/open'", "'../../db/open'"))).toEqual([]);
    expect(await ruleIdsFor('electron/backend/items/store.ts', sql)).toEqual([]);
  });

  it('keeps the adapters to the backend\'s one door: no state, no internals', async () => {
    const reachState = "import type { Backend } from '..';\nexport const team = (backend: Backend & { state: { team: boolean } }) => backend.state.team;\n";
    const destructure = "import type { Backend } from '..';\nexport const team = ({ state }: Backend & { state: { team: boolean } }) => state.team;\n";
    for (const file of ['electron/backend/cli/x.ts', 'electron/backend/http/x.ts', 'electron/backend/http/x.test.ts']) {
      expect(await ruleIdsFor(file, reachState)).toContain('no-restricted-properties');
    }
    expect(await ruleIdsFor('electron/main/x.ts', "import type { Backend } from '../backend';\nexport const p = (b: Backend & { state: { project: null } }) => b.state.project;\n")).toContain('no-restricted-properties');
    expect(await ruleIdsFor('electron/backend/cli/x.ts', destructure)).toContain('no-restricted-properties');
    expect(await ruleIdsFor('electron/backend/cli/x.ts', "import { createBackendInternals } from '..';\nexport const c = createBackendInternals;\n")).toContain('no-restricted-syntax');
    expect(await ruleIdsFor('electron/main/x.ts', "import type { BackendInternals } from '../backend';\nexport type B = BackendInternals;\n")).toContain('no-restricted-syntax');
    // The door itself is allowed, and the backend's own files still reach their state.
    expect(await ruleIdsFor('electron/backend/cli/x.ts', "import type { Backend } from '..';\nexport const info = (backend: Backend) => backend.call('app.info');\n")).toEqual([]);
    expect(await ruleIdsFor('electron/backend/x.ts', 'export const team = (b: { state: { team: boolean } }) => b.state.team;\n')).toEqual([]);
  });

  it('refuses a function over 80 lines outside tests', async () => {
    // 81 lines refused, 80 allowed.
    const lines = (body: number) => `export function long(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(body)}  return n;\n}\n`;
    const long = lines(77);
    expect(await ruleIdsFor('renderer/src/x.ts', long)).toContain('max-lines-per-function');
    expect(await ruleIdsFor('renderer/src/x.ts', lines(76))).toEqual([]);
    expect(await ruleIdsFor('electron/backend/x.test.ts', long)).toEqual([]);
  });

  it('refuses a fixed sleep in a test; polling with until() and the helpers that hold a server are allowed', async () => {
    const sleep = 'export const wait = () => new Promise((r) => setTimeout(r, 400));\n';
    for (const file of ['electron/backend/cli/x.test.ts', 'test/x.ts', 'e2e/x.spec.ts']) expect(await ruleIdsFor(file, sleep), file).toContain('no-restricted-globals');
    expect(await ruleIdsFor('e2e/x.spec.ts', 'export const wait = (page: { waitForTimeout(ms: number): Promise<void> }) => page.waitForTimeout(400);\n')).toContain('no-restricted-syntax');
    expect(await ruleIdsFor('electron/backend/x.test.ts', "import { setTimeout as sleep } from 'node:timers/promises';\nexport const wait = () => sleep(400);\n")).toContain('no-restricted-syntax');
    expect(await ruleIdsFor('electron/backend/x.test.ts', 'export const tick = () => new Promise((r) => globalThis.setTimeout(r, 5));\n')).toContain('no-restricted-syntax');
    expect(await ruleIdsFor('electron/backend/x.test.ts', "import { until } from '../../test/fixtures';\nexport const ready = (n: () => number) => until(() => n() > 3);\n")).toEqual([]);
    expect(await ruleIdsFor('test/fixtures.ts', sleep)).toEqual([]);
    // Source code keeps its timers (retries, heartbeats): the rule is for tests.
    expect(await ruleIdsFor('electron/backend/x.ts', sleep)).toEqual([]);
  });

  it('refuses `any`', async () => {
    expect(await ruleIdsFor('shared/domain/x.ts', 'export const f = (x: any) => x;\n')).toContain('@typescript-eslint/no-explicit-any');
  });
});
