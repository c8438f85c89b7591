// The house rules that a tool can hold: typescript-eslint's recommended rules and the layer boundaries of
// CONTRIBUTING.md ("where does X go"). Runs in `npm test`; a boundary is changed here, with a reason, never disabled
// in a file to land a change.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Imports a layer may never make, as `no-restricted-imports` patterns with the reason shown to whoever makes one. */
const forbid = (...groups) => ({ 'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }] });

const electronRuntime = [['electron', 'electron/*'], 'the Electron runtime is imported only by electron/main and electron/preload'];
const rendererCode = [['**/renderer/**'], 'the renderer is a separate program: share code through shared/'];
const nodeBuiltins = [['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'net', 'url'], 'shared/ runs anywhere: no Node built-ins'];
const nodeOnly = [['**/electron/**', 'better-sqlite3', '@napi-rs/canvas'], 'this code runs in the browser or anywhere: no backend, Electron or native modules'];
const mainShell = [['**/main/**'], 'the backend never imports the desktop shell (electron/main)'];

/** The recommended sets as warnings: `npm test` fails on boundaries and `any`; the rest is reported until the backend
 * renovation (issue 21) clears the findings and makes them errors. */
const asWarnings = (config) => ({
  ...config,
  rules: Object.fromEntries(Object.entries(config.rules ?? {}).map(([rule, level]) => [rule, level === 'off' || level === 0 ? level : 'warn'])),
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'release/**', 'bench/.data/**', 'test-results/**', '**/*.cjs', 'renderer/dist/**'] },
  asWarnings(js.configs.recommended),
  ...tseslint.configs.recommended.map(asWarnings),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  { files: ['scripts/**/*.mjs', 'eslint.config.mjs', 'test/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  { files: ['shared/**/*.ts'], rules: forbid(electronRuntime, rendererCode, nodeBuiltins, nodeOnly) },
  { files: ['shared/**/*.test.ts'], rules: forbid(electronRuntime, rendererCode, nodeOnly) },
  { files: ['renderer/src/**/*.{ts,tsx}'], rules: forbid(electronRuntime, nodeBuiltins, nodeOnly) },
  // "No domain imports another domain's store" joins this list with the backend renovation (issue 21), which moves
  // the 13 imports of runs/store and endpoints/store that break it today.
  { files: ['electron/backend/**/*.ts'], rules: forbid(electronRuntime, rendererCode, mainShell) },
  // Playwright reads a fixture's dependencies from its destructured first parameter, so `{}` is how it says "none".
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
);
