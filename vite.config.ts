// Vite for the web app. In development /zcp, the payment sandbox and the dev mailbox are proxied
// to the zcp service (ZCP_TARGET, default http://127.0.0.1:8080); the build goes to dist/, which
// the service serves. VITE_ZCP_BASE_URL (default '' = same origin) points the app at another API.
//
// Chunks: the entry holds React, the router, i18next and the app shell; the form engine (RJSF,
// ajv, XState, the precompiled validators) and the portal are lazy chunks, so the first paint of
// a product flow downloads the shell plus the flow chunk only.

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
  'markdown-to-jsx',
  'nanoid',
  'react-is',
  'xstate',
  '@xstate',
]);

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/zcp': proxied,
      '/sandbox': proxied,
      '/dev/mailbox': proxied,
    },
  },
  preview: {
    proxy: {
      '/zcp': proxied,
      '/sandbox': proxied,
      '/dev/mailbox': proxied,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Vite's preload helper is used by the entry (lazy locale files): it belongs to the
            // shell, not to whichever lazy group first reaches it as a dependency.
            {
              name: 'shell',
              test: (id: string) => SHELL.test(id) || id.includes('preload-helper'),
              priority: 30,
            },
            { name: 'forms', test: FORMS, priority: 20 },
            { name: 'validators', test: /[\\/]src[\\/]generated[\\/]/, priority: 15 },
            { name: 'portal', test: /[\\/]src[\\/]portal[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
