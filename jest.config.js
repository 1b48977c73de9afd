// Every package's own jest suite, run as one jest invocation (`npm test` runs the
// browser suite in e2e/ separately, in band, against a real server).
module.exports = {
  projects: [
    '<rootDir>/shared-sdk',
    '<rootDir>/server',
    '<rootDir>/shell',
    '<rootDir>/mf-market',
    '<rootDir>/mf-trade',
    '<rootDir>/mf-funds',
    '<rootDir>/mf-account',
    '<rootDir>/mf-ipo',
  ],
};
