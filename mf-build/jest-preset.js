// Jest setup shared by the shell and the remotes: ts-jest in jsdom, CSS Modules as
// identity maps, the SDK from its sources (no build needed before unit tests).
const path = require('path');

module.exports = function frontendJestConfig(dir) {
  return {
    rootDir: dir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(dir, 'tsconfig.json'), diagnostics: { warnOnly: false } }],
      // ECharts and its renderer (zrender) ship ES modules only, and jest runs CommonJS: those two
      // packages are compiled to CommonJS on the way in (type-free, so it stays quick).
      '/node_modules/(echarts|zrender)/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', target: 'es2019' }, isolatedModules: true }],
    },
    transformIgnorePatterns: ['/node_modules/(?!(echarts|zrender)/)'],
    moduleNameMapper: {
      '\\.(css)$': path.join(__dirname, 'jest', 'style-stub.js'),
      // The SDK's sources spell out '.js' in dynamic imports (its ESM build is fully specified).
      '^(\\.{1,2}/.*)\\.js$': '$1',
      // Packages import the kit's global styles from its ESM folder (for webpack); jest runs CommonJS.
      '^antd-mobile/es/(.*)$': 'antd-mobile/cjs/$1',
      '^@kabuto/shared-sdk$': path.join(__dirname, '..', 'shared-sdk', 'src', 'index.ts'),
      '^@kabuto/shared-sdk/(.*)$': path.join(__dirname, '..', 'shared-sdk', 'src', '$1'),
    },
    setupFiles: [
      path.join(__dirname, 'jest', 'globals.js'),
      path.join(__dirname, 'jest', 'testing-library.js'),
      // The SDK uses TextEncoder (ipo/sha256.ts); jsdom has none.
      path.join(__dirname, '..', 'shared-sdk', 'src', 'ui', 'test-utils', 'jsdom-platform.ts'),
    ],
    setupFilesAfterEnv: [path.join(__dirname, 'jest', 'message-texts.js')],
  };
};
