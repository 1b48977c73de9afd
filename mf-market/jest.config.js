const base = require('@kabuto/mf-build/jest-preset')(__dirname);

// ECharts and its renderer (zrender) ship ES modules only, and jest runs CommonJS: those two
// packages are compiled to CommonJS on the way in (type-free, so it stays quick).
module.exports = {
  ...base,
  transform: {
    ...base.transform,
    '/node_modules/(echarts|zrender)/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', target: 'es2019' }, isolatedModules: true }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(echarts|zrender)/)'],
};
