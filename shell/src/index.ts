// Async boundary: shared modules (react, the SDK, ...) are negotiated by the
// federation runtime before any of them is evaluated.
// `void`: nothing to wait for; a failed load stays an unhandled rejection, which the browser reports.
// Named, so the build can list this chunk's files for <link rel=preload> (webpack.config.js).
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
