import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = fileURLToPath(new URL('.', import.meta.url));

// `base: './'` so the same build loads from file:// in Electron and from the HTTP server.
export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  // The `@shared/*` import alias (tsconfig.base.json's `paths`).
  resolve: { alias: { '@shared': join(here, '..', 'shared') } },
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Zod and the studio's zod settings (zod-config.ts: no `new Function` probe, which the content security policy
    // reports) in one chunk, so the settings are in force before any other chunk builds a schema, whatever order the
    // screens' chunks load in.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]zod-config\.ts$/ }] } },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:5178', '/media': 'http://127.0.0.1:5178' },
  },
});
