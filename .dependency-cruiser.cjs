// The house's architecture rules as code (dependency-cruiser), run by `npm test` through
// scripts/architecture/check.js. Every rule has a fixture in scripts/architecture/fixtures/
// that it must refuse (scripts/architecture/rules.test.js), so removing or weakening a rule
// fails the suite. Paths are relative to the repository root.
const REMOTES = '(?:mf-market|mf-trade|mf-funds|mf-account|mf-ipo)';
const FRONT_END = `(?:shell|shared-sdk|mf-build|${REMOTES})`;
// Tests and test kits.
const TEST_CODE = '(?:\\.test\\.tsx?$|/(?:testing|test-utils)/)';
// What the server may take from the SDK: the Node-safe entries (see shared-sdk/src/index.ts).
const SDK_NODE_SAFE = '^shared-sdk/src/(?:(?:messages|schemas|format|routes|remote|market-rules)/|constants\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // Front end: remotes, shell and SDK.
    {
      name: 'remote-not-to-other-remote',
      comment: 'A remote never imports another remote: each ships alone. Share through @kabuto/shared-sdk.',
      severity: 'error',
      from: { path: `^(${REMOTES})/` },
      to: { path: `^${REMOTES}/`, pathNot: '^$1/' },
    },
    {
      name: 'remote-not-to-shell',
      comment: 'A remote reaches the shell only through @kabuto/shared-sdk (the federation singleton the shell provides).',
      severity: 'error',
      from: { path: `^${REMOTES}/` },
      to: { path: '^shell/' },
    },
    {
      name: 'shell-not-to-remote',
      comment: "The shell loads remotes at run time through the registry, never by importing a remote's source.",
      severity: 'error',
      from: { path: '^shell/' },
      to: { path: `^${REMOTES}/` },
    },
    {
      name: 'sdk-not-to-app',
      comment: 'The SDK is below the shell and the remotes: it never imports them.',
      severity: 'error',
      from: { path: '^shared-sdk/' },
      to: { path: `^(?:shell|${REMOTES})/` },
    },
    {
      name: 'page-not-to-other-page',
      comment: "A page folder never imports another page folder of its package: shared parts live in the package's common/ or the SDK.",
      severity: 'error',
      from: { path: '^([^/]+)/src/pages/([^/]+)/' },
      to: { path: '^$1/src/pages/[^/]+/', pathNot: '^$1/src/pages/$2/' },
    },

    // Server.
    {
      name: 'server-core-not-to-modules',
      comment: 'http/, db/, config/, notifications/ and clock.ts are below the modules: they never import one.',
      severity: 'error',
      from: { path: '^server/src/(?:(?:http|db|config|notifications)/|clock\\.ts$)' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'module-through-index',
      comment: "A module reaches another module only through that module's public index.ts.",
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/', pathNot: '^server/src/modules/[^/]+/schema\\.ts$' },
      // A module's test kit (testing/) is its public surface for other modules' tests;
      // production code cannot reach it (production-not-to-test-code).
      to: {
        path: '^server/src/modules/',
        pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/index\\.ts$', '^server/src/modules/[^/]+/testing/'],
      },
    },
    {
      name: 'module-schema-through-schema',
      comment:
        "A module's tables may reference another module's tables (foreign keys) through its schema.ts; nothing else of another module, so the schemas load without any module code.",
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/schema\\.ts$' },
      to: { path: '^server/src/modules/', pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/schema\\.ts$'] },
    },
    {
      name: 'server-not-to-front-end',
      comment:
        'The server never imports front-end code; of the SDK it takes only the Node-safe entries (messages, schemas, format, routes, remote, market-rules, constants).',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: `^${FRONT_END}/`, pathNot: SDK_NODE_SAFE },
    },

    // The operator console (ops-console/): a front end of its own over the ops API.
    {
      name: 'ops-console-through-api',
      comment: 'The operator console reaches the server through the ops API only: it imports no server, shell or remote code (the SDK it may).',
      severity: 'error',
      from: { path: '^ops-console/' },
      to: { path: `^(?:server|shell|${REMOTES})/` },
    },
    {
      name: 'server-not-to-ops-console',
      comment: "The server never imports the console; only the ops parity test reads the console's route table (plain data).",
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/src/ops-cli/console-parity\\.test\\.ts$' },
      to: { path: '^ops-console/' },
    },

    // Everywhere.
    {
      name: 'production-not-to-test-code',
      comment: 'Shipped code never imports tests or test kits (testing/, test-utils/).',
      severity: 'error',
      from: { path: `^(?:server|${FRONT_END})/src/`, pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles, type-only imports included: a cycle of types still ties two files into one unit that cannot be read, moved or tested alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the check cannot resolve is one the rules above cannot see.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Type-only imports are dependencies too (see no-circular).
    tsPreCompilationDeps: true,
    // Every package's tsconfig maps @kabuto/shared-sdk to the SDK's sources in the same way
    // (../shared-sdk/src), so one of them resolves the SDK for the whole tree without a build.
    tsConfig: { fileName: require('path').join(__dirname, 'shell/tsconfig.json') },
    doNotFollow: { path: 'node_modules' },
    // The fixtures hold deliberately bad imports; rules.test.js cruises them on their own.
    exclude: { path: '(?:(?:^|/)(?:node_modules|dist|coverage|\\.nx)/|^scripts/architecture/fixtures/)' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
