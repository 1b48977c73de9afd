// The browser half of WebAuthn, loaded on first use: most page loads never need it.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

import type { WebAuthnOptionsJSON } from '../schemas/identity-api';

// The server's options are @simplewebauthn/server output passed through untouched
// (typed loosely on the wire), hence the casts to what the browser half expects.

/** Runs a passkey assertion for server-made options (login or step-up). */
export async function passkeyAssertion(options: WebAuthnOptionsJSON): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
}

/** Creates a passkey for server-made registration options. */
export async function passkeyRegistration(options: WebAuthnOptionsJSON): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
}

/** True when this browser can use passkeys at all (WebAuthn present). */
export function browserHasWebAuthn(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
