// Async boundary: shared modules (react, the SDK, ...) are negotiated by the
// federation runtime before any of them is evaluated.
// In the task after the one that ran main.js (the federation runtime's own start-up), so
// the two are not one long task; the chunks are preloaded by index.html already.
// `void`: nothing to wait for; a failed load stays an unhandled rejection, which the browser reports.
// Named, so the build can list this chunk's files for <link rel=preload> (webpack.config.js).
setTimeout(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap'), 0);
