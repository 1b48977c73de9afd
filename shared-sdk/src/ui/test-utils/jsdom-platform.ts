// jsdom leaves out TextEncoder/TextDecoder, which react-router 7 uses at import time;
// Node has them. Imported first by the remote contract tests.
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
