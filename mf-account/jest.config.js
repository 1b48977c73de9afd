const preset = require('@kabuto/mf-build/jest-preset')(__dirname);

module.exports = {
  ...preset,
  // '@kabuto/shared-sdk' re-exports react-router (the page's one router), which needs
  // TextEncoder at import time; jsdom has none.
  setupFiles: [...preset.setupFiles, '<rootDir>/../shared-sdk/src/ui/test-utils/jsdom-platform.ts'],
};
