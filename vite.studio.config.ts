// The studio's build (studio.html -> src/studio/main.tsx), run by `npm run build` after the site's
// (vite.config.ts). A build of its own, so nothing of the studio changes how the site's chunks are
// cut (a module shared by two pages of one build would be split out of the site's chunks), and the
// studio's chunks sit apart in dist/assets/studio/ (served like the site's: hashed, cached for a
// year). It adds to dist/ without emptying it and writes no manifest: dist/.vite/manifest.json is
// the site's, read by the service to preload a product route's chunks.

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { lighterDeps } from './vite.config';

export default defineConfig({
  plugins: [lighterDeps(), react()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    assetsDir: 'assets/studio',
    manifest: false,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      input: { studio: 'studio.html' },
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 10 }],
        },
      },
    },
  },
});
