// Every package's own jest suite, run as one jest invocation (`npm test` runs the
// browser suite in e2e/ separately, in band, against a real server).
module.exports = {
  // A global option (ignored inside projects): PGlite needs a few seconds to boot,
  // more on a loaded 2-core machine.
  testTimeout: 30000,
  projects: [
    '<rootDir>/shared-sdk',
    '<rootDir>/server',
    '<rootDir>/shell',
    '<rootDir>/mf-market',
    '<rootDir>/mf-trade',
    '<rootDir>/mf-funds',
    '<rootDir>/mf-account',
    '<rootDir>/mf-ipo',
    '<rootDir>/ops-console',
  ],
};
