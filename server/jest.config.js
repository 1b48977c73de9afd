/** ESM-only packages reached through require() from CommonJS dependencies (see jest/esm-to-cjs.js). */
const ESM_ONLY_PACKAGES = ['cookie', 'content-disposition'];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
    [`/node_modules/(${ESM_ONLY_PACKAGES.join('|')})/.+\\.js$`]: '<rootDir>/jest/esm-to-cjs.js',
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
  // Tests read the SDK's sources, so they do not need shared-sdk built first.
  moduleNameMapper: {
    '^@kabuto/shared-sdk/(.*)$': '<rootDir>/../shared-sdk/src/$1',
    // The SDK's sources spell out '.js' in dynamic imports (its ESM build is fully specified).
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  // Every in-memory test database starts from one migrated template made here.
  globalSetup: '<rootDir>/jest/global-setup.js',
  // PGlite needs a few seconds to boot its WASM Postgres.
  testTimeout: 30000,
};
