// A random id for this browser, sent with every login so the server can tell a new
// device (docs/api/identity.md §3: 8–64 of [A-Za-z0-9_-]). Not a secret and not a
// fingerprint: clearing storage simply makes this a "new device" again.
export const DEVICE_ID_KEY = 'deviceId';
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The stored device id, made and stored on first use; undefined where nothing can be stored. */
export function deviceId(): string | undefined {
  try {
    const stored = localStorage.getItem(DEVICE_ID_KEY);
    if (stored && DEVICE_ID_PATTERN.test(stored)) return stored;
    const made = randomId();
    localStorage.setItem(DEVICE_ID_KEY, made);
    return made;
  } catch {
    // No storage (private mode, Node): the server then uses the user agent.
    return undefined;
  }
}
