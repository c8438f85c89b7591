import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'test/**/*.test.ts', 'renderer/src/**/*.test.ts'],
    environment: 'node',
    // Limits only catch hangs: on a loaded two-core machine a test that spawns the CLI can take minutes, and no test
    // may fail for being slow.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
