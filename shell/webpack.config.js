// The shell's build: everything is decided by @kabuto/mf-build (loaders, naming,
// federation host options); see mf-build/index.js.
const { createHostConfig } = require('@kabuto/mf-build');

module.exports = createHostConfig({ dir: __dirname, name: 'shell', devPort: 3000 });
