const preset = require('@kabuto/mf-build/jest-preset')(__dirname);

module.exports = {
  ...preset,
  setupFiles: [...preset.setupFiles, '<rootDir>/src/test-utils/jest-setup.ts'],
};
