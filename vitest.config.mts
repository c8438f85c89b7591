import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The `@shared/*` import alias (tsconfig.base.json's `paths`).
  resolve: { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } },
  test: {
    include: ['shared/**/*.test.ts', 'bench/**/*.test.ts', 'electron/**/*.test.ts', 'test/**/*.test.ts', 'renderer/src/**/*.test.ts'],
    environment: 'node',
    // Limits only catch hangs: on a loaded two-core machine a test that spawns the CLI can take minutes, and no test
    // may fail for being slow.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
