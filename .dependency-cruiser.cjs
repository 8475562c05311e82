/**
 * Layers (docs/conventions.md, Layout). The composition layer — app.ts, main.ts, db.ts, seeds and
 * tests — wires everything together and may import anything; nothing else is exempt.
 */
const composition = [
  '\\.test\\.tsx?$',
  '/testing\\.ts$',
  '^apps/server/src/test/',
  '^apps/server/src/seed/',
  '^apps/server/src/(app|main|db|schema)\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-engine-not-features',
      comment:
        'The web engine is generic: the app registers features into it, the engine never imports features or the app shell.',
      severity: 'error',
      from: { path: '^apps/web/src/engine/', pathNot: composition },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'server-core-not-modules',
      comment: 'The core knows no domain: modules give it what it needs through interfaces passed at registration.',
      severity: 'error',
      from: { path: '^apps/server/src/core/', pathNot: composition },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'module-through-index',
      comment:
        "A module uses another module only through that module's index.ts (which re-exports the tables others read).",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: [...composition, '/schema[a-z-]*\\.ts$'] },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'schema-through-schema',
      comment:
        "A module's schema.ts references another module's tables through that module's schema.ts only, so drizzle-kit loads tables and nothing else.",
      severity: 'error',
      // schema.ts and a module's further table files (schema-gate.ts …)
      from: { path: '^apps/server/src/modules/([^/]+)/schema[a-z-]*\\.ts$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/schema\\.ts$'],
      },
    },
    {
      name: 'no-module-cycles',
      comment: 'Modules depend on each other in one direction only (a cycle of files that leaves its module).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { circular: true, via: { pathNot: '^apps/server/src/modules/$1/' } },
    },
    {
      name: 'no-module-folder-cycles',
      comment: 'The same one direction between module folders, even where no single chain of files closes the loop.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', ...composition] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
