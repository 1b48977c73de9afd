// The cluster's fault suite: real PostgreSQL, nats-server, HAProxy and server processes
// (scripts/cluster/launch.js), killed under load. No browser and no suite server: each file
// starts its own cluster.
module.exports = {
  rootDir: __dirname,
  displayName: 'cluster',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.cluster.ts'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: `${__dirname}/tsconfig.json` }] },
  testTimeout: 180000,
  forceExit: true,
};
