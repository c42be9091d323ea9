/**
 * The public /verify page's build (verify.html, src/client/verify/main.tsx), after the investor app into the same
 * dist/ like the back-office's (vite.admin.config.ts), and for the same reason: as an input of vite.config.ts, the
 * investor build's one-first-script grouping (every entry's '$initial' modules in one 'index' chunk) would put the
 * verify page into the investor app's first script and make /verify load all of it. Its own module graph here: /verify
 * loads only its own script, and no investor page loads any of it. The server sends verify.html for /verify
 * (src/server/http/static-site.ts).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: { verify: 'verify.html' } },
  },
});
