// The browser half of WebAuthn (@simplewebauthn/browser, the version the customer app pins),
// loaded on first use. The server's options are @simplewebauthn/server output passed through
// untouched, hence the casts.
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

export type WebAuthnOptions = Readonly<Record<string, unknown>>;

/** The two ceremonies the sign-in and the passkeys screen run; injected, so tests can answer for a browser. */
export interface PasskeyCeremonies {
  /** The assertion's JSON (startAuthentication()), as the server's `credential` field. */
  assert(options: WebAuthnOptions): Promise<string>;
  /** The new credential's JSON (startRegistration()), as the server's `credential` field. */
  register(options: WebAuthnOptions): Promise<string>;
}

export const browserCeremonies: PasskeyCeremonies = {
  async assert(options) {
    const { startAuthentication } = await import('@simplewebauthn/browser');
    return JSON.stringify(await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }));
  },
  async register(options) {
    const { startRegistration } = await import('@simplewebauthn/browser');
    return JSON.stringify(await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }));
  },
};

/** The browser closed the prompt, or it timed out (WebAuthn's NotAllowedError): nothing went wrong on the server. */
export function isCeremonyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
