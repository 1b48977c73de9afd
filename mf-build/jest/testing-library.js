// findBy*/waitFor give up after 1 s by default. Lazy page chunks are compiled by ts-jest
// on first import, which takes seconds when CI runs every suite on two busy cores; a
// real failure still fails, only later.
const { configure } = require('@testing-library/dom');

configure({ asyncUtilTimeout: 10_000 });
