// esbuild settings shared by the app build and the benchmark build: Node 20, CommonJS, native modules external,
// and `?raw` imports (SQL migrations) as text, as Vite and Vitest treat them.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const rawText = {
  name: 'raw-text',
  setup(b) {
    b.onResolve({ filter: /\?raw$/ }, (args) => ({ path: join(args.resolveDir, args.path.replace(/\?raw$/, '')), namespace: 'raw' }));
    b.onLoad({ filter: /.*/, namespace: 'raw' }, async (args) => ({ contents: await readFile(args.path, 'utf8'), loader: 'text' }));
  },
};

export const nodeBundle = {
  bundle: true,
  // The `@shared/*` import alias is declared once, in tsconfig.base.json's `paths`.
  tsconfig: join(dirname(fileURLToPath(import.meta.url)), '..', 'tsconfig.base.json'),
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [rawText],
  external: ['better-sqlite3', '@napi-rs/canvas', 'electron'],
};
