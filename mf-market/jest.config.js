module.exports = require('@kabuto/mf-build/jest-preset')(__dirname);
