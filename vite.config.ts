/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pdfjsAssets } from './src/tools/vite-pdfjs-assets.ts';

export default defineConfig({
  plugins: [react(), pdfjsAssets()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  test: {
    include: ['machines/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'test/{unit,paths,api}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    globalSetup: ['test/api/global-setup.ts'],
  },
});
