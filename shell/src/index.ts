// Async boundary: shared modules (react, the SDK, ...) are negotiated by the
// federation runtime before any of them is evaluated.
// `void`: nothing to wait for; a failed load stays an unhandled rejection, which the browser reports.
void import('./bootstrap');
