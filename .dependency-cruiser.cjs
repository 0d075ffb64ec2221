/**
 * Draftdeck's import boundaries: one rule table, checked by dependency-cruiser (`npm run lint:deps`,
 * part of `npm test`; test/unit/architecture/boundaries.test.ts proves each kind of rule can fail).
 * docs/ARCHITECTURE.md "Layers" explains the design; this file is the source of truth.
 *
 * Every file of the repository (`depcruise .`, build output excluded) belongs to exactly one zone
 * below, and each zone lists the zones it may import: an import of any other repository file fails
 * (a whitelist, not a list of known mistakes). A file in a folder no zone names fails too
 * (`unplaced-*`), so a new folder is placed on purpose. Type-only imports count
 * (`tsPreCompilationDeps`): a type couples two modules as much as a value does. Packages and Node
 * built-ins are free except where a rule below says otherwise.
 */
const { builtinModules } = require('node:module');

/**
 * Services (electron/services/), lowest first. A service imports only services below it, so never
 * one beside it in both directions and never in a cycle. A unit is a folder under services/ or a
 * file directly in it; a unit not in this list belongs to no zone and fails, so a new service is
 * placed where its imports put it. `builtin-platform` (the built-in profile's sandbox and backend
 * as child processes) takes the place of the former embedded-backend/embedded-sandbox.
 */
const SERVICE_ORDER = [
  'main-words', 'damaged-files', 'storage', 'data-dir', 'data-dir-lock', 'vault', 'auth', 'platform-profile', 'builtin-platform',
  'settings', 'settings-channels', 'app-channels', 'app-notices', 'app-notices-channels', 'disk-space', 'shell', 'video-fix', 'uploads', 'accounts', 'downloads',
  'research', 'purchases', 'photos', 'watch-folders', 'start-files',
];
const serviceUnits = (units) => `^electron/services/(${units.join('|')})(/|\\.ts$)`;

/**
 * Services with a `ports.ts`: the others reach them only through it, so their internals can change
 * freely (boundaries.test.ts checks this list against the folders that have one).
 */
const PORTED_SERVICES = ['uploads'];

/**
 * The zones. `path` (and `pathNot`) say which files a zone holds; `may` lists the zones its files
 * may import besides packages and built-ins; `why` becomes the rule's comment. The order is the
 * layering, lowest first: shared code, the servers, the main process's layers, the renderer, then
 * what only developers run.
 */
const ZONES = {
  common: {
    path: '^common/',
    may: [],
    why: 'common/ runs anywhere (main process, renderer, preload, both servers): it imports no other folder of the repository.',
  },
  'platform-wire': {
    path: '^platform-api/wire/',
    may: ['common'],
    why: "platform-api/wire/ holds the platform's wire schemas; the renderer reaches them through the contract, so they import only common/ (and zod).",
  },
  'platform-api': {
    path: '^platform-api/',
    pathNot: '^platform-api/wire/',
    may: ['common', 'platform-wire'],
    why: "platform-api/ is the Node client of the platform's HTTP API, shared by the app and the partner backend: it imports only common/ and itself.",
  },
  'server-kit': {
    path: '^server-kit/',
    may: ['common'],
    why: 'server-kit/ is what the two servers share (router, bodies, replies, CLI flags, config files, rate limiter): it imports only common/ and itself.',
  },
  sandbox: {
    path: '^sandbox/',
    may: ['common', 'server-kit'],
    why: "sandbox/ keeps its own implementation of the platform's rules, so it stays an independent check of the client: no platform-api/, no backend/, nothing of the app.",
  },
  backend: {
    path: '^backend/',
    may: ['common', 'server-kit', 'platform-wire', 'platform-api'],
    why: 'backend/ is the partner backend, a server of its own: it talks to the platform through platform-api/ and imports neither the sandbox nor the app.',
  },
  core: {
    path: '^electron/core/',
    may: ['common', 'platform-wire'],
    why: 'electron/core/ (contract, results, dispatcher) is bundled into the renderer and the preload: it imports only common/, platform-api/wire/ and itself.',
  },
  services: {
    path: serviceUnits(SERVICE_ORDER),
    may: ['common', 'platform-wire', 'platform-api', 'core', 'catalogs'],
    why: 'electron/services/ are runtime-neutral features (Node only): they sit above core and know no transport and no Electron.',
  },
  transports: {
    path: '^electron/transports/',
    may: ['common', 'platform-wire', 'platform-api', 'core', 'services'],
    why: 'electron/transports/ adapt core to a wire (web host, Electron IPC): above services (the web host streams dropped files into IncomingFiles), below the desktop glue.',
  },
  desktop: {
    path: '^electron/desktop/',
    may: ['common', 'platform-wire', 'platform-api', 'core', 'services', 'transports'],
    why: 'electron/desktop/ is the Electron-only glue: above the transports (the app:// protocol serves the same static files as the web host).',
  },
  entries: {
    path: '^electron/(app|main|web|preload)\\.ts$',
    may: ['common', 'platform-wire', 'platform-api', 'core', 'services', 'transports', 'desktop'],
    why: 'The composition root (app.ts) and the entries (main.ts, preload.ts, web.ts) sit on top of the main process; nothing of it imports them.',
  },
  catalogs: {
    path: '^renderer/src/i18n/messages/[^/]+/[^/]+\\.json$',
    may: [],
    why: "The message catalogs (JSON) are the window's words and the main process's: services/main-words.ts formats the same `main.*` messages for notifications and dialogs, so they are data any layer may read and they import nothing.",
  },
  renderer: {
    path: '^renderer/',
    pathNot: '^renderer/src/i18n/messages/[^/]+/[^/]+\\.json$',
    may: ['common', 'core', 'platform-wire', 'catalogs'],
    why: 'The renderer runs in a sandboxed page and talks to the main process through the IPC contract only: renderer/, common/, electron/core/ and platform-api/wire/.',
  },
  test: {
    path: '^test/',
    may: ['common', 'platform-wire', 'platform-api', 'server-kit', 'sandbox', 'backend', 'core', 'services', 'transports', 'desktop', 'entries', 'renderer', 'catalogs', 'tools'],
    why: 'Tests may import anything; no zone but test/ lists test/, so no source imports a test.',
  },
  'test-tiers': {
    path: '^test/tiers\\.ts$',
    may: [],
    why: 'test/tiers.ts names which tier each test is: a list the test configs read, which imports nothing.',
  },
  tools: {
    // scripts/, the asset generators and the config files at the top: run by developers and the build.
    path: ['^scripts/', '^assets/', '^[^/]+$'],
    may: ['common', 'platform-wire', 'platform-api', 'server-kit', 'sandbox', 'backend', 'core', 'services', 'transports', 'desktop', 'entries', 'renderer', 'catalogs', 'test-tiers'],
    why: 'scripts/, assets/ generators and top-level configs are tools: they may import sources, no source imports them, and they import no test (test/tiers.ts, the list of tiers, is not a test).',
  },
};

const asArray = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const zonePaths = (name) => asArray(ZONES[name].path);
const ALL_ZONE_PATHS = Object.keys(ZONES).flatMap(zonePaths);

/** Node built-ins as dependency-cruiser names the modules (`node:fs` is `fs`). */
const BUILTIN = `^(${[...new Set(builtinModules.filter((m) => !m.startsWith('_')).map((m) => m.split('/')[0]))].join('|')})(/|$)`;

/**
 * Packages that end up in the renderer's browser bundle: the UI libraries the renderer imports
 * itself, and zod, the only package code outside renderer/ may bring into it. A new one is added
 * here on purpose, after checking it runs in a browser page.
 */
const RENDERER_PACKAGES = ['react', 'react-dom', 'zustand', '@tanstack/react-virtual', 'uplot', 'zod', 'react-intl', '@formatjs/icu-messageformat-parser'];

/** Packages that load Electron; in plain Node (web mode, the tests) loading them fails. */
const ELECTRON_PACKAGES = ['electron', 'electron-store', 'electron-updater'];

/** Engine parts of the uploads service that know no media kind: a kind is added without touching them. */
const MEDIA_NEUTRAL = ['scheduler', 'status-poller', 'transitions', 'queue'];
const MEDIA_SPECIFIC = ['^electron/services/uploads/(video-kind|chunk-transfer|chunk-plan)\\.ts$', '^platform-api/chunk-put\\.ts$'];

const zoneRules = Object.entries(ZONES).map(([name, zone]) => ({
  name: `zone-${name}`,
  severity: 'error',
  comment: zone.why,
  from: { path: zone.path, ...(zone.pathNot ? { pathNot: zone.pathNot } : {}) },
  to: {
    // Only repository files: packages, built-ins and unresolvable names have rules of their own.
    dependencyTypesNot: ['core'],
    couldNotResolve: false,
    pathNot: ['^node_modules/', ...zonePaths(name), ...zone.may.flatMap(zonePaths)],
  },
}));

const serviceOrderRules = SERVICE_ORDER.slice(0, -1).map((unit, rank) => ({
  name: `service-order-${unit}`,
  severity: 'error',
  comment: `${unit} may import only the services below it (${SERVICE_ORDER.slice(0, rank).join(', ') || 'none'}): services are ordered so none imports one beside or above it (SERVICE_ORDER).`,
  from: { path: serviceUnits([unit]) },
  to: { path: serviceUnits(SERVICE_ORDER.slice(rank + 1)) },
}));

const portRules = PORTED_SERVICES.map((unit) => ({
  name: `through-ports-${unit}`,
  severity: 'error',
  comment: `Other services reach ${unit} only through electron/services/${unit}/ports.ts, so its internals stay its own.`,
  from: { path: '^electron/services/', pathNot: serviceUnits([unit]) },
  to: { path: serviceUnits([unit]), pathNot: `^electron/services/${unit}/ports\\.ts$` },
}));

module.exports = {
  forbidden: [
    ...zoneRules,
    {
      name: 'unplaced-file',
      severity: 'error',
      comment: 'A file in a folder no zone names: place its folder in ZONES (or a service in SERVICE_ORDER) on purpose.',
      from: { pathNot: ALL_ZONE_PATHS },
      to: {},
    },
    {
      name: 'unplaced-orphan',
      severity: 'error',
      comment: 'A file in a folder no zone names, importing nothing and imported by nothing: place its folder in ZONES on purpose.',
      from: { orphan: true, pathNot: ALL_ZONE_PATHS },
      to: {},
    },
    ...serviceOrderRules,
    ...portRules,
    {
      name: 'media-neutral-engine',
      severity: 'error',
      comment: 'The queue, scheduler, status poller and transitions know no media kind (media-kind.ts is the seam), so a new kind is added without touching them.',
      from: { path: `^electron/services/uploads/(${MEDIA_NEUTRAL.join('|')})\\.ts$` },
      to: { path: MEDIA_SPECIFIC },
    },
    {
      name: 'electron-only-in-desktop',
      severity: 'error',
      comment:
        'Only electron/main.ts, electron/preload.ts and electron/desktop/ load Electron (electron-store and electron-updater load it too): everything else runs in plain Node (web mode, tests). Type-only imports load nothing and are allowed. ' +
        "test/integration/electron/desktop/ runs electron-updater's own check and download in plain Node (its own app adapter and Node's http: nothing there requires electron).",
      from: { pathNot: ['^electron/(main|preload)\\.ts$', '^electron/desktop/', '^test/integration/electron/desktop/'] },
      to: { path: `^node_modules/(${ELECTRON_PACKAGES.join('|')})/`, dependencyTypesNot: ['type-only', 'type-import'] },
    },
    {
      name: 'no-node-in-shared-code',
      severity: 'error',
      comment: 'common/, electron/core/ and platform-api/wire/ run in the renderer and the preload too, and the renderer in a browser page: no Node built-ins.',
      from: { path: [...zonePaths('common'), ...zonePaths('core'), ...zonePaths('platform-wire'), ...zonePaths('renderer')] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'zod-only-in-core',
      severity: 'error',
      comment: 'electron/core/ and platform-api/wire/ are bundled into the renderer and the preload: zod is the only package they import.',
      from: { path: [...zonePaths('core'), ...zonePaths('platform-wire')] },
      to: { path: '^node_modules/', pathNot: '^node_modules/zod/' },
    },
    {
      name: 'common-packages',
      severity: 'error',
      comment: 'common/ runs anywhere: zod, and pino for the logger (log.ts, which the renderer-bundle rules keep out of the renderer). With zod-only-in-core, zod is the only package code outside renderer/ can bring into the renderer.',
      from: { path: zonePaths('common') },
      to: { path: '^node_modules/', pathNot: '^node_modules/(zod|pino)/' },
    },
    {
      name: 'renderer-bundle-no-node',
      severity: 'error',
      comment: 'Nothing the renderer reaches, following imports through common/ and core, loads a Node built-in: it all ends up in a browser bundle.',
      from: { path: '^renderer/' },
      to: { path: BUILTIN, reachable: true },
    },
    {
      name: 'renderer-bundle-packages',
      severity: 'error',
      comment: 'Everything the renderer reaches loads only browser packages (RENDERER_PACKAGES): code outside renderer/ brings in zod and nothing else (common/log.ts, which loads pino, stays out of reach).',
      from: { path: '^renderer/' },
      to: { path: '^node_modules/', pathNot: `^node_modules/(${RENDERER_PACKAGES.join('|')})/`, reachable: true },
    },
    {
      name: 'server-tests-standalone',
      severity: 'error',
      comment: "Tests of the sandbox and the backend (test/unit/sandbox, test/integration/sandbox, …/backend) run the servers as they run alone: they import no electron/ or renderer/ code.",
      from: { path: '^test/(unit|integration)/(sandbox|backend)[^/]*/' },
      to: { path: '^(electron|renderer)/' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'Every import resolves to a file, a package or a built-in: a boundary is checked only on what is seen.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Type-only imports count as dependencies (a type couples as much as a value); rules that are
    // about what loads at run time (Electron) leave them out by dependency type.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Packages are leaves: their own imports are theirs.
    doNotFollow: { path: '^node_modules/' },
    // Build output (dist, dist-electron, dist-… of any bundler) and run-time data, as in .gitignore.
    exclude: { path: '^(\\.git|dist[^/]*|release|test-results|playwright-report|test/bench/results|\\.data|backend-data)/' },
    // Resolve packages the way Node's ESM loader does (conf, vite and tsx export only `import`).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
