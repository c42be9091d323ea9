/**
 * The staff back-office's build (docs/decisions.md "Staff"): admin.html and src/client/admin/main.tsx, built after the
 * investor app into the same dist/ (its own hashed files under /assets) as a separate module graph, so nothing of it
 * can reach an investor page's chunks and the investor build's one-first-script grouping (vite.config.ts) never sees
 * it. The server sends admin.html for /admin and below (src/server/http/static-site.ts).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pdfjsAssets } from './src/tools/vite-pdfjs-assets.ts';

export default defineConfig({
  plugins: [react(), pdfjsAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: { admin: 'admin.html' } },
  },
});
