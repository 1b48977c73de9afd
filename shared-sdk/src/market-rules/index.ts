// The TSE's trading rules as pure functions (Node-safe: no DOM, no React, no i18n): the
// server's venue decides with them and the order ticket refuses early with the same rules.
export * from './tenths';
export * from './tick-size';
export * from './price-limits';
export * from './lots';
