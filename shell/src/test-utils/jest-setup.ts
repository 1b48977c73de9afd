// jsdom leaves out TextEncoder/TextDecoder, which the SDK uses (ipo/sha256.ts); Node has them.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
