// jsdom leaves out parts of the platform that react-router 7 uses; Node has them.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

/**
 * The data router builds a Request for every navigation. Node's own Request refuses
 * jsdom's AbortSignal, so tests get this small stand-in: the shell's routes have no
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
