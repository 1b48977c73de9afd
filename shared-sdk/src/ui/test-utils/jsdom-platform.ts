// jsdom leaves out TextEncoder/TextDecoder, which the SDK uses (ipo/sha256.ts); Node has
// them. Imported first by the remote contract tests.
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
