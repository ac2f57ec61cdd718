// The layers of the code (README "Where things are", docs/decisions.md "Layers"), kept by
// dependency-cruiser: `npm test` runs them (scripts/layers.ts) and tests/unit/architecture proves
// each rule catches a planted import. `npx depcruise src` runs them by hand.
//
//   engine  <  ui  <  shell  <  app | portal       (the browser; main.tsx joins app and portal)
//   engine  <  ui  <  shell  <  studio             (the staff's studio: studio.html, its own page)
//   engine  <  server                              (the service; cli may use the server)
//
// Paths are relative to the folder cruised from; npm packages are matched by their folder under
// node_modules wherever that is.

/** Code that only runs in the browser (or renders it): the service never reaches it. */
const BROWSER =
  '^src/(ui|shell|app|portal|api|dev|studio)/|^src/(main|boot|i18n)\\.tsx?$|^src/prerender/render\\.tsx$';
/** Packages of the browser's React stack. */
const REACT =
  '(^|/)node_modules/(react|react-dom|react-router|react-router-dom|react-i18next|@xstate/react|@rjsf/[^/]+)/';
/** The web framework and its plugins: the service's, never the engine's. */
const FASTIFY = '(^|/)node_modules/(fastify|@fastify/[^/]+)/';

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const forbidden = [
  {
    name: 'engine-imports-nothing-above-it',
    comment:
      'src/engine is shared by browser, service and CLI: it imports only itself (and the generated data).',
    severity: 'error',
    from: { path: '^src/engine/' },
    to: { path: '^src/', pathNot: '^src/(engine|generated)/' },
  },
  {
    name: 'engine-uses-no-react-or-fastify',
    comment: 'The engine runs in the browser, the service and the CLI alike: no UI or HTTP framework.',
    severity: 'error',
    from: { path: '^src/engine/' },
    to: { path: [REACT, FASTIFY] },
  },
  {
    name: 'ui-serves-both-halves',
    comment:
      'The renderer serves the public site and the portal: it imports neither, nor the shell above it.',
    severity: 'error',
    from: { path: '^src/ui/' },
    to: { path: '^src/(app|portal|shell)/' },
  },
  {
    name: 'shell-is-below-both-halves',
    comment: 'src/shell holds what the site and the portal both use: it imports neither.',
    severity: 'error',
    from: { path: '^src/shell/' },
    to: { path: '^src/(app|portal)/' },
  },
  {
    name: 'app-does-not-import-portal',
    comment: 'The site and the portal are siblings: main.tsx puts the portal into the router.',
    severity: 'error',
    from: { path: '^src/app/' },
    to: { path: '^src/portal/' },
  },
  {
    name: 'portal-does-not-import-app',
    comment: 'The site and the portal are siblings: what both use lives in src/shell.',
    severity: 'error',
    from: { path: '^src/portal/' },
    to: { path: '^src/app/' },
  },
  {
    name: 'studio-builds-on-engine-ui-shell',
    comment:
      "The studio (staff) sits beside the site and the portal: it uses the engine, the renderer and the shell, never the site's or the portal's pages nor the portal's client.",
    severity: 'error',
    from: { path: '^src/studio/' },
    to: { path: '^src/', pathNot: '^src/(studio|engine|ui|shell|generated)/' },
  },
  {
    name: 'site-does-not-import-studio',
    comment:
      "The public site and the portal never carry the studio's code: it is a page of its own (studio.html), kept out of their bundle.",
    severity: 'error',
    from: { path: '^src/(ui|shell|app|portal|api|dev|prerender)/|^src/(main|boot|i18n)\\.tsx?$' },
    to: { path: '^src/studio/' },
  },
  {
    name: 'server-reaches-no-browser-code',
    comment:
      'The service shares rules through src/engine, never through the browser (client, renderer, pages).',
    severity: 'error',
    from: { path: '^src/server/' },
    // RJSF's validator compiler is the one exception: the service compiles a published flow's
    // form validators with it (src/server/publishing/modules), the same code as npm run validators.
    to: {
      path: [BROWSER, REACT],
      pathNot: '(^|/)node_modules/@rjsf/validator-ajv8/lib/compileSchemaValidators',
      reachable: true,
    },
  },
  {
    name: 'server-reaches-no-cli',
    comment: 'The command-line tools may use the service, not the other way round.',
    severity: 'error',
    from: { path: '^src/server/' },
    to: { path: '^src/cli/', reachable: true },
  },
  {
    name: 'every-import-resolves',
    comment: 'An import the cruiser cannot follow would slip past every rule above.',
    severity: 'error',
    from: { path: '^src/' },
    to: { couldNotResolve: true },
  },
  {
    name: 'no-circular-imports',
    comment: 'Every import chain in src/ goes one way.',
    severity: 'error',
    from: { path: '^src/' },
    to: { circular: true },
  },
];

module.exports = {
  forbidden,
  options: {
    // Type-only imports count too: a type is a dependency on what the other file means.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: ['node_modules', '^src/generated/'] },
    // Packages that publish only an "exports" map (@rjsf/*, react-router/dom) resolve as the bundler does.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
