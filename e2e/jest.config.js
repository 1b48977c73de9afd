// Browser suite: real Chromium (playwright-core, /usr/bin/chromium) against real Kabuto
// servers started once for the run (global setup), one per jest worker, each on a temporary
// database and release folder: a worker's files share its server, one after another.
module.exports = {
  rootDir: __dirname,
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: `${__dirname}/tsconfig.json` }] },
  // Tests read the remotes' ./routes modules (titles, texts) in Node: the kit's styles
  // are stubbed and its ESM global-styles entry maps to the CommonJS one.
  moduleNameMapper: {
    '\\.css$': '<rootDir>/../mf-build/jest/style-stub.js',
    '^antd-mobile/es/(.*)$': 'antd-mobile/cjs/$1',
  },
  setupFiles: ['<rootDir>/src/support/define-globals.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/support/retry.ts'],
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  testTimeout: 120000,
  // The suite's server is a child of this process (global setup) and Chromium runs
  // beside it: once the teardown has stopped them, nothing else may keep the run open.
  forceExit: true,
  slowTestThreshold: 30,
};
