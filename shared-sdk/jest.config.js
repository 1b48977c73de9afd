// ts-jest over the sources. jsdom by default (the protocol, storage and state code runs in
// the browser); the Node-safe entry points have tests that pin `@jest-environment node`.
/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  },
  moduleNameMapper: {
    // antd-mobile (the shared step-up code prompt) imports its CSS; jest needs no styles.
    '\\.css$': '<rootDir>/../mf-build/jest/style-stub.js',
    // Dynamic imports in the sources spell out '.js' (the ESM build is fully specified).
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@kabuto/shared-sdk$': '<rootDir>/src/index.ts',
    '^@kabuto/shared-sdk/(.*)$': '<rootDir>/src/$1',
  },
  setupFiles: ['<rootDir>/../mf-build/jest/testing-library.js'],
  setupFilesAfterEnv: ['<rootDir>/../mf-build/jest/message-texts.js'],
  restoreMocks: true,
};
