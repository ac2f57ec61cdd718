// Vite for the web app. In development /zcp, the payment sandbox and the dev mailbox are proxied
// to the zcp service (ZCP_TARGET, default http://127.0.0.1:8080); the build goes to dist/, which
// the service serves. VITE_ZCP_BASE_URL (default '' = same origin) points the app at another API.
//
// Chunks: the entry holds React, the router, i18next and the app shell; the form engine (RJSF,
// XState) and the portal's pages are lazy chunks (split by their dynamic imports like the public
// pages: a chunk group for src/portal pulled the shell's own modules in with it). Each flow's
// expanded JSON and each substep's precompiled validator is a chunk of its own, so a product's
// first paint fetches that product's flow and its first substep's validator only; locale files are per language and namespace (src/i18n.ts). What
// counts as first-paint weight, and the figures: docs/decisions.md, "First-paint weight".

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const target = process.env.ZCP_TARGET || 'http://127.0.0.1:8080';
const proxied = { target, changeOrigin: false, xfwd: true };

const inPackages = (names: string[]) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names.join('|')})[\\\\/]`);

const SHELL = inPackages([
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'react-router-dom',
  'cookie',
  'set-cookie-parser',
  'i18next',
  'react-i18next',
  'html-parse-stringify',
  'void-elements',
  'use-sync-external-store',
  'ky',
]);

const FORMS = inPackages([
  '@rjsf',
  'ajv',
  'ajv-formats',
  'fast-deep-equal',
  'fast-uri',
  'json-schema-traverse',
  'json-schema-merge-allof',
  'compute-gcd',
  'compute-lcm',
  'validate.io-[^\\\\/]+',
  'jsonpointer',
  'lodash',
  'lodash-es',
  'nanoid',
  'react-is',
  '@x0k',
  'fast-equals',
  'xstate',
  '@xstate',
]);

const own = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** /studio and /studio/<route>: the studio's page (studio.html), as the service answers them. */
const isStudioRoute = (url: string) => {
  const path = url.split(/[?#]/)[0];
  return /^\/studio(\/|$)/.test(path) && !(path.split('/').pop() ?? '').includes('.');
};

/**
 * The studio is a second page (studio.html -> src/studio/main.tsx) with a build of its own
 * (vite.studio.config.ts), so the site's chunks are exactly what they would be without it. The dev
 * and preview servers serve both pages; the studio's history-mode routes get studio.html, as from
 * the service (src/server/web/studioPage.ts), instead of the site's index.html.
 */
export function studioPage(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    if (req.url && isStudioRoute(req.url)) {
      const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      req.url = `/studio.html${query}`;
    }
    next();
  };
  return {
    name: 'studio-page',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}

/**
 * Lighter stand-ins for what the form libraries drag into the first paint (build only; the dev
 * server pre-bundles the real packages). Each is explained in its own file under src/ui/vendor.
 */
export function lighterDeps(): Plugin {
  const markdown = own('./src/ui/vendor/lazyMarkdown.tsx');
  const uri = own('./src/ui/vendor/uriResolver.ts');
  const routerProd = (file: string) => own(`./node_modules/react-router/dist/production/${file}`);
  const inRjsf = (importer: string | undefined) => Boolean(importer && /[\\/]@rjsf[\\/]/.test(importer));
  return {
    name: 'lighter-deps',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer, options) {
      // The prerender's Node build (scripts/prerender.ts) takes the packages as Node resolves
      // them: one copy of each, shared with what it leaves external.
      if (options?.ssr) return null;
      if (source === 'markdown-to-jsx/react' && inRjsf(importer)) return markdown;
      if (source === 'fast-uri' && inRjsf(importer)) return uri;
      // React Router's package points every bundler at its development build; its production
      // build is the same code without the dev-time warnings and checks.
      if (source === 'react-router') return routerProd('index.mjs');
      if (source === 'react-router/dom') return routerProd('dom-export.mjs');
      return null;
    },
  };
}

export default defineConfig({
  plugins: [lighterDeps(), studioPage(), react()],
  server: {
    port: 5173,
    proxy: {
      '/zcp': proxied,
      // Published flow modules and text versions (src/ui/flow/publishedFlows.ts).
      '/assets/flows': proxied,
      '/assets/texts': proxied,
      '/sandbox': proxied,
      '/dev/mailbox': proxied,
      '/dev/sms': proxied,
    },
  },
  preview: {
    proxy: {
      '/zcp': proxied,
      // Published flow modules and text versions (src/ui/flow/publishedFlows.ts).
      '/assets/flows': proxied,
      '/assets/texts': proxied,
      '/sandbox': proxied,
      '/dev/mailbox': proxied,
      '/dev/sms': proxied,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the service reads it to preload a product route's chunks.
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Vite's preload helper is used by the entry (src/boot.ts starts the app with it) and
            // by the shell (lazy locale files): a chunk of its own, so the entry stays small.
            { name: 'preload', test: (id: string) => id.includes('preload-helper'), priority: 40 },
            { name: 'shell', test: SHELL, priority: 30 },
            { name: 'forms', test: FORMS, priority: 20 },
            // Reached only through the lazy stand-in (src/ui/vendor/lazyMarkdown.tsx).
            { name: 'markdown', test: /[\\/]node_modules[\\/]markdown-to-jsx[\\/]/, priority: 20 },
            // Every flow's payment substep asks for the same policyholder fields, so their validators
            // differ only in their names: one chunk holds them all for about the price of one.
            {
              name: 'payment-validators',
              test: /[\\/]src[\\/]generated[\\/]validators[\\/][^\\/]+[\\/]payment__holder\.js$/,
              priority: 15,
            },
          ],
        },
      },
    },
  },
});
