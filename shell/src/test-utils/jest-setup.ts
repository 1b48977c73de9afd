// jsdom leaves out parts of the platform that the SDK and react-router's data router use;
// Node has them.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

/**
 * The data router builds a Request for every navigation. jsdom has no Request (and Node's
 * refuses jsdom's AbortSignal), so tests get this small stand-in: the shell's routes have no
 * loaders or actions, so only url, method, headers and signal are ever read.
 */
class NavigationRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers | Map<string, string>;
  readonly signal: AbortSignal;

  constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
    this.url = String(input);
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new Map();
    this.signal = init.signal ?? new AbortController().signal;
  }
}

if (typeof globalThis.Request === 'undefined') {
  Object.assign(globalThis, { Request: NavigationRequest });
}
