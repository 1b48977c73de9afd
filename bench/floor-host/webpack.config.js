module.exports = require('@kabuto/mf-build').createHostConfig({ dir: __dirname, name: 'floor_host', devPort: 3999 });
