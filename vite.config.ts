/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pdfjsAssets } from './src/tools/vite-pdfjs-assets.ts';

export default defineConfig({
  plugins: [react(), pdfjsAssets()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Every browser the portal supports preloads modules itself; the polyfill was ~0.3 KB gz of the login page's script.
    modulePreload: { polyfill: false },
    // One first script: every module the entry imports statically goes into it (else Rolldown splits what the entry
    // shares with lazy chunks into many small files the login page loads too). A module the lazy chunks share with
    // the entry is there whole, so what only lazy chunks use must not be reached from the entry, not even through a
    // barrel file (docs/decisions.md "Per-route code").
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // `npm run test:unit` and `npm run test:api` pick one (`--project`); `vitest run` runs both. Browser tests have
    // their own config (test/e2e/vitest.config.ts).
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['machines/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'test/{unit,paths}/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        // The server on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
        test: { name: 'api', include: ['test/api/**/*.test.{ts,tsx}'], globalSetup: ['test/api/global-setup.ts'] },
      },
    ],
  },
});
