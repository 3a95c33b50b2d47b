/**
 * Import boundaries, checked by `npm run lint:deps` (part of `npm run check`).
 * docs/architecture.md explains the layers; server/test/architecture/boundaries.test.ts feeds
 * these rules deliberately bad fixtures so a rule that stops matching fails the suite.
 *
 * Paths are matched with an optional prefix so the same rules apply to the fixture trees.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const P = '(^|/)';
const dashboard = (layer) => `${P}dashboard/src/${layer}/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles (type imports included) make modules impossible to load, test or move alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-module-through-index',
      severity: 'error',
      comment: "A server module reaches another module only through that module's index.ts.",
      from: { path: `${P}server/src/modules/([^/]+)/` },
      to: {
        path: `${P}server/src/modules/[^/]+/.+`,
        pathNot: [`${P}server/src/modules/$2/`, `${P}server/src/modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'server-lower-layer-up',
      severity: 'error',
      comment: 'core/, lib/ and db/ serve the modules; they never import a module (contracts live in core/).',
      from: { path: `${P}server/src/(core|lib|db)/` },
      to: { path: `${P}server/src/(modules|app\\.ts|services\\.ts|server\\.ts)` },
    },
    {
      name: 'server-core-pure',
      severity: 'error',
      comment: 'core/ holds contracts every module shares; it depends on nothing above lib/.',
      from: { path: `${P}server/src/core/` },
      to: { path: `${P}server/src/(?!core/|lib/|config\\.ts)` },
    },
    {
      name: 'dashboard-ui-is-a-leaf',
      severity: 'error',
      comment: 'The design system (ui/) knows no screen, component, data or store.',
      from: { path: dashboard('ui') },
      to: { path: `${P}dashboard/src/(components|pages|layout|api|stores)/` },
    },
    {
      name: 'dashboard-api-below-views',
      severity: 'error',
      from: { path: dashboard('(api|i18n|stores|theme)') },
      to: { path: `${P}dashboard/src/(ui|components|pages|layout)/` },
    },
    {
      name: 'dashboard-components-below-pages',
      severity: 'error',
      comment: 'pages → components → ui/api/i18n; nothing points back up.',
      from: { path: dashboard('components') },
      to: { path: `${P}dashboard/src/(pages|layout)/` },
    },
    {
      name: 'packages-stand-alone',
      severity: 'error',
      comment: 'embedded-db and common are packages of their own: they import no application code.',
      from: { path: `${P}(embedded-db|common)/src/` },
      to: { path: `${P}(server|dashboard|widget|sdk)/` },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/dist/|\\.stories\\.tsx$)' },
    moduleSystems: ['es6'],
    tsConfig: { fileName: 'tsconfig.deps.json' },
    // Follow workspace packages into their TypeScript sources, as tsc, mocha and Vite do.
    enhancedResolveOptions: {
      conditionNames: ['@iam-platform/source', 'import', 'require', 'node', 'default'],
      exportsFields: ['exports'],
    },
  },
};
