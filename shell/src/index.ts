// Async boundary: shared modules (react, the SDK, ...) are negotiated by the
// federation runtime before any of them is evaluated.
import('./bootstrap');
