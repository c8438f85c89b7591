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
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:5178', '/media': 'http://127.0.0.1:5178' },
  },
});
