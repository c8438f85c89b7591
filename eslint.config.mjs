// The house rules that a tool can hold: typescript-eslint's recommended rules and the layer boundaries of
// CONTRIBUTING.md ("where does X go"). Runs in `npm test`; a boundary is changed here, with a reason, never disabled
// in a file to land a change.
import { readdirSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import js from '@eslint/js';
import stylistic from '@stylistic/eslint-plugin';
import tseslint from 'typescript-eslint';

/** Imports a layer may never make, as `no-restricted-imports` patterns with the reason shown to whoever makes one. */
const forbid = (...groups) => ({ 'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }] });

const electronRuntime = [['electron', 'electron/*'], 'the Electron runtime is imported only by electron/main and electron/preload'];
const rendererCode = [['**/renderer/**'], 'the renderer is a separate program: share code through shared/'];
const nodeBuiltins = [['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'net', 'url'], 'shared/ runs anywhere: no Node built-ins'];
const nodeOnly = [['**/electron/**', 'better-sqlite3', '@napi-rs/canvas'], 'this code runs in the browser or anywhere: no backend, Electron or native modules'];
const mainShell = [['**/main/**'], 'the backend never imports the desktop shell (electron/main)'];

/**
 * A relative import of a backend folder or top-level file from a file `depth` folders below electron/backend (never
 * `@shared/…`, whose folders share some names, nor a file of the importer's own folder).
 */
const relativeTo = (unit, depth) => {
  const up = depth === 0 ? '\\./' : `(\\.\\./){${depth}}`;
  if (unit === 'index.ts') return depth === 0 ? '^\\./index$' : `^(\\.\\.|\\.\\./\\.\\.(/\\.\\.)*)$|^${up}index$`;
  return `^${up}${unit.replace(/\.ts$/, '')}(/|$)`;
};

/**
 * electron/backend from the ground up (issue 21): a folder or top-level file imports only what stands on a lower
 * floor, so no cycle can form between folders and no import runs up a floor. To use something on your own floor or
 * above, move one of the two here, with the reason, in the same commit.
 */
export const backendFloors = [
  ['errors.ts', 'events.ts', 'paths.ts', 'processes.ts', 'recent.ts'],
  ['db', 'scratch.ts'],
  ['api-error.ts', 'session.ts'],
  ['dispatch.ts', 'jobs'],
  ['context.ts', 'engine', 'uploads.ts'],
  ['datasets', 'endpoints', 'items'],
  ['formats', 'quality'],
  ['runs', 'team'],
  ['quality-report'],
  ['reports', 'optimize', 'transfer', 'vrp', 'grading'],
  ['demo', 'state.ts'],
  ['app-handlers.ts', 'server-door.ts'],
  ['handlers.ts'],
  ['index.ts'],
  ['http'],
  ['cli'],
];
const backendUnits = backendFloors.flat();
const domainFolders = backendUnits.filter((u) => !u.endsWith('.ts') && u !== 'db');

/** For one backend folder or file, at each depth of its files: what stands on its floor or above, and other domains' stores. */
function backendBoundaries(unit, floor) {
  const higher = backendFloors.slice(floor).flat().filter((u) => u !== unit);
  const depths = unit.endsWith('.ts') ? [[0, `electron/backend/${unit}`]] : [1, 2, 3].map((d) => [d, `electron/backend/${unit}/${'*/'.repeat(d - 1)}*.ts`]);
  return depths.map(([depth, files]) => ({
    files: [files],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          ...[electronRuntime, rendererCode, mainShell].map(([group, message]) => ({ group, message })),
          ...higher.map((u) => ({ regex: relativeTo(u, depth), message: `${u} stands on the same floor or above this one (eslint.config.mjs backendFloors): import only from lower floors` })),
          ...domainFolders.filter((d) => d !== unit).map((d) => ({ regex: `^${depth === 0 ? '\\./' : `(\\.\\./){${depth}}`}${d}/store(/|$)`, message: "another domain's store: call that domain's logic instead" })),
        ],
      }],
    },
  }));
}

/**
 * shared/ from the ground up (issue 31): the leaf schemas, then the contract's entities (the wire vocabulary every rule
 * reads), the rules that read them, the contract's methods that name the rules, and the report drawings on top. A unit
 * is a folder, a file (`*` as in a glob), or a list of them held as one; a file on a lower floor may stand inside a
 * higher folder.
 */
const contractEntities = ['contract/define.ts', 'contract/errors.ts', 'contract/*entities.ts'];
const sharedFloors = [
  ['optimize', 'vrp', 'domain/entity.ts', 'domain/token-param.ts'],
  [contractEntities],
  ['domain'],
  ['scoring', 'prompts'],
  ['contract'],
  ['reports'],
];

/**
 * renderer/src from the ground up (issue 31): styles and plain logic with no React or network (`lib/`: the
 * versioned-draft machine), stores, keyboard input, the API hooks, plain components, the features (which may use one
 * another: a screen shows another feature's panel), the app shell, and the entry point.
 */
const rendererFloors = [
  ['styles', 'zod-config.ts', 'lib'],
  ['stores'],
  ['input'],
  ['api'],
  ['components'],
  ['features'],
  ['app'],
  ['main.tsx'],
];

// A `*` in a unit's file name stands for any part of a name, as in a glob.
const escapeRe = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\*/g, '[^/]*');
const pathsOf = (unit) => (Array.isArray(unit) ? unit : [unit]);
const isFile = (path) => /\.tsx?$/.test(path);
const subdirs = (dir) => [dir, ...readdirSync(dir).filter((n) => statSync(posix.join(dir, n)).isDirectory()).flatMap((n) => subdirs(posix.join(dir, n)))];

/** A regex for a specifier written in `fromDir` that reaches `target` (a folder or file), minus the `allowed` paths inside it. */
function reaching(fromDir, target, allowed) {
  const rel = posix.relative(fromDir, target.replace(/\.tsx?$/, ''));
  const written = rel === '' ? '\\.' : rel.startsWith('..') ? escapeRe(rel) : `\\./${escapeRe(rel)}`;
  if (isFile(target)) return `^${written}$`;
  const inside = allowed.filter((l) => l.startsWith(`${target}/`)).map((l) => escapeRe(l.slice(target.length + 1).replace(/\.tsx?$/, '')));
  return `^${written}(/(?!\\.\\.(/|$)${inside.length ? `|(${inside.join('|')})$` : ''})|$)`;
}

/** One lint config per directory of each unit: no relative import of a unit on the same floor or above. */
function floorRules(root, floors, base, name) {
  const all = floors.flat().flatMap(pathsOf).map((p) => `${root}/${p}`);
  return floors.flatMap((units, floor) => units.flatMap((unit) => {
    const own = pathsOf(unit).map((p) => `${root}/${p}`);
    const higher = floors.slice(floor).flat().filter((u) => u !== unit).flatMap(pathsOf).map((p) => `${root}/${p}`);
    const below = all.filter((p) => !higher.includes(p));
    const dirs = [...new Set(own.flatMap((p) => (isFile(p) ? [posix.dirname(p)] : subdirs(p))))];
    return dirs.map((dir) => ({
      files: own.flatMap((p) => (isFile(p) ? [p] : [`${dir}/*.{ts,tsx}`])).filter((f) => isFile(f) ? posix.dirname(f) === dir : true),
      ignores: ['**/*.test.ts', ...all.filter((p) => isFile(p) && !own.includes(p) && posix.dirname(p) === dir)],
      rules: {
        'no-restricted-imports': ['error', {
          patterns: [
            ...base.map(([group, message]) => ({ group, message })),
            ...higher.map((t) => ({ regex: reaching(dir, t, below), message: `${t} stands on the same floor or above this one (eslint.config.mjs ${name}): import only from lower floors` })),
          ],
        }],
      },
    }));
  }));
}

// SQL only in a domain's store.ts or store/ and in db/ (issue 21): no file is excepted.
const sqlCalls = [
  { selector: 'CallExpression[callee.property.name=/^(prepare|pragma)$/]', message: 'SQL belongs in the domain\'s store.ts or store/ (CONTRIBUTING.md)' },
  { selector: "CallExpression[callee.name='statement']", message: 'SQL belongs in the domain\'s store.ts or store/ (CONTRIBUTING.md)' },
  { selector: "CallExpression[callee.property.name='exec'][callee.object.name=/^(db|stage)$/]", message: 'SQL belongs in the domain\'s store.ts or store/ (CONTRIBUTING.md)' },
];

const adapterFiles = ['electron/backend/cli/**/*.ts', 'electron/backend/http/**/*.ts', 'electron/main/**/*.ts'];
const backendState = { property: 'state', message: 'adapters use the backend through backend.call, backend.events, backend.close and its named doors (docs/ARCHITECTURE.md), never its state' };
const backendInternals = {
  selector: 'Identifier[name=/^(createBackendInternals|BackendInternals)$/]',
  message: 'the backend\'s internals are for tests and benchmarks; an adapter holds a Backend from createBackend',
};

const fixedSleep = 'a test waits for a condition, never for time: poll with until() from test/fixtures.ts (or expect.poll), or hold the model server\'s reply';
/**
 * Test files that still sleep a fixed time and are being changed to wait for conditions in a parallel change (issue
 * 31: the engine's, the runs' reliability and the reports' read cache tests). Remove each once it no longer sleeps.
 */
const testsStillSleeping = [];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'release/**', 'bench/.data/**', 'test-results/**', '**/*.cjs', 'renderer/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // The formatter (issue 21, decision 92): the house layout as fixable rules; `npm run format` applies them. The dense
  // one-line style is kept on purpose: a reflowing formatter spread it over 7,500 more lines and repeated blocks.
  {
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { '@stylistic': stylistic },
    rules: {
      '@stylistic/indent': ['error', 2, { SwitchCase: 1, flatTernaryExpressions: true, ignoredNodes: ['TemplateLiteral *', 'JSXElement', 'JSXElement > *', 'JSXAttribute', 'JSXIdentifier', 'JSXNamespacedName', 'JSXMemberExpression', 'JSXSpreadAttribute', 'JSXExpressionContainer', 'JSXOpeningElement', 'JSXClosingElement', 'JSXFragment', 'JSXOpeningFragment', 'JSXClosingFragment', 'JSXText', 'JSXEmptyExpression', 'JSXSpreadChild'] }],
      '@stylistic/quotes': ['error', 'single', { avoidEscape: true, allowTemplateLiterals: 'always' }],
      '@stylistic/semi': ['error', 'always'],
      '@stylistic/comma-dangle': ['error', 'always-multiline'],
      '@stylistic/no-trailing-spaces': 'error',
      '@stylistic/eol-last': 'error',
      '@stylistic/no-multiple-empty-lines': ['error', { max: 1, maxEOF: 0, maxBOF: 0 }],
      // As .editorconfig's max_line_length; a long string, template or pattern is better whole than cut.
      '@stylistic/max-len': ['error', { code: 160, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
      '@stylistic/object-curly-spacing': ['error', 'always'],
      '@stylistic/array-bracket-spacing': ['error', 'never'],
      '@stylistic/comma-spacing': 'error',
      '@stylistic/key-spacing': 'error',
      '@stylistic/keyword-spacing': 'error',
      '@stylistic/space-before-blocks': 'error',
      '@stylistic/space-infix-ops': 'error',
      '@stylistic/arrow-spacing': 'error',
      '@stylistic/semi-spacing': 'error',
      '@stylistic/brace-style': ['error', '1tbs', { allowSingleLine: true }],
      '@stylistic/member-delimiter-style': 'error',
      '@stylistic/type-annotation-spacing': 'error',
      '@stylistic/space-in-parens': 'error',
      '@stylistic/block-spacing': 'error',
      '@stylistic/no-multi-spaces': ['error', { ignoreEOLComments: true }],
      '@stylistic/jsx-quotes': ['error', 'prefer-double'],
      '@stylistic/linebreak-style': ['error', 'unix'],
      '@stylistic/no-tabs': 'error',
    },
  },
  // Small functions (issue 21): a component or function over 80 lines is split into hooks, views or named steps.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', 'e2e/**', 'test/**', 'bench/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }] },
  },
  { files: ['scripts/**/*.mjs', 'eslint.config.mjs', 'test/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  { files: ['shared/**/*.ts'], rules: forbid(electronRuntime, rendererCode, nodeBuiltins, nodeOnly) },
  { files: ['shared/**/*.test.ts'], rules: forbid(electronRuntime, rendererCode, nodeOnly) },
  { files: ['renderer/src/**/*.{ts,tsx}'], rules: forbid(electronRuntime, nodeBuiltins, nodeOnly) },
  ...floorRules('shared', sharedFloors, [electronRuntime, rendererCode, nodeBuiltins, nodeOnly], 'sharedFloors'),
  ...floorRules('renderer/src', rendererFloors, [electronRuntime, nodeBuiltins, nodeOnly], 'rendererFloors'),
  { files: ['electron/backend/**/*.ts'], rules: forbid(electronRuntime, rendererCode, mainShell) },
  ...backendFloors.flatMap((units, floor) => units.flatMap((unit) => backendBoundaries(unit, floor))),
  {
    files: ['electron/backend/**/*.ts'],
    ignores: ['electron/backend/**/*.test.ts', 'electron/backend/db/**', 'electron/backend/**/store.ts', 'electron/backend/**/store/**'],
    rules: { 'no-restricted-syntax': ['error', ...sqlCalls] },
  },
  // One door into the backend (issue 31): the adapters hold a `Backend` (calls, events, close and its named doors),
  // never its state; `BackendInternals` is for tests and benchmarks.
  { files: adapterFiles, rules: { 'no-restricted-properties': ['error', backendState] } },
  { files: ['electron/backend/cli/**/*.ts', 'electron/backend/http/**/*.ts'], ignores: ['**/*.test.ts'], rules: { 'no-restricted-syntax': ['error', ...sqlCalls, backendInternals] } },
  { files: ['electron/main/**/*.ts'], ignores: ['**/*.test.ts'], rules: { 'no-restricted-syntax': ['error', backendInternals] } },
  // Tests wait for conditions, never for time (issue 31): a sleep passes on a fast machine and fails on a busy one.
  // A test polls with `until` (test/fixtures.ts) or Playwright's expect.poll, or holds its model server's replies
  // (test/openai-server.ts); those two helpers are the only test code that may set a timer.
  {
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'test/**/*.ts'],
    ignores: ['test/fixtures.ts', 'test/openai-server.ts', ...testsStillSleeping],
    rules: {
      'no-restricted-globals': ['error', ...['setTimeout', 'setInterval'].map((name) => ({ name, message: fixedSleep }))],
      'no-restricted-syntax': ['error',
        { selector: 'CallExpression[callee.property.name=/^(waitForTimeout|setTimeout|setInterval)$/]', message: fixedSleep },
        { selector: 'ImportDeclaration[source.value=/timers\\/promises$/]', message: fixedSleep }],
    },
  },
  // Every write refreshes by the scopes its contract method declares (issue 31): no screen keys a refresh by hand.
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    ignores: ['renderer/src/api/scopes.ts', '**/*.test.ts'],
    rules: { 'no-restricted-properties': ['error', { property: 'invalidateQueries', message: 'refresh by declared scopes: write() / useMutate() for a write, invalidateScopes() for a change seen otherwise (renderer/src/api)' }] },
  },
  // The renderer builds a contract file's schemas when it first calls one of that file's methods (DECISIONS 266): its
  // values come from the contract's own files, and the index, which builds every schema of the API, gives types only.
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: '@shared/contract', allowTypeImports: true,
        message: 'the index builds every schema of the API at start: import values from the contract file that holds them (types from here are fine)' }] }],
    },
  },
  // Playwright reads a fixture's dependencies from its destructured first parameter, so `{}` is how it says "none".
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
);
