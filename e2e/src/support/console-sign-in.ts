// The operator console's sign-in for the browser suite: credential, then passkey.
import fs from 'fs';
import path from 'path';
import type { Page } from 'playwright-core';
import { serverUrlByName } from './browser';
import { addVirtualAuthenticator } from './virtual-authenticator';

/** What WebAuthn.getCredentials answers of a credential, and WebAuthn.addCredential takes back. */
interface SavedCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

/**
 * Signs the console at /ops in as the suite's operator: the credential (the one the ops CLI
 * uses), then the operator's passkey from Chromium's virtual authenticator. The first sign-in of
 * the run registers that passkey (the console's bootstrap step); the credential's private key is
 * kept beside the suite's server (KABUTO_E2E_BASE), one file per server, so every later fresh context gets the same
 * passkey, with its signature counter as the server last saw it. At localhost: WebAuthn refuses
 * IP addresses as relying-party ids.
 */
export async function signInToConsole(page: Page): Promise<void> {
  const authenticator = await addVirtualAuthenticator(page.context(), page);
  const saved = operatorPasskeyFile();
  if (fs.existsSync(saved)) {
    await authenticator.session.send('WebAuthn.addCredential', {
      authenticatorId: authenticator.authenticatorId,
      credential: JSON.parse(fs.readFileSync(saved, 'utf8')) as SavedCredential,
    });
  }
  await page.goto(`${serverUrlByName()}/ops/`);
  await page.getByTestId('credential').fill(process.env.KABUTO_E2E_OPERATOR_TOKEN ?? '');
  await page.getByTestId('sign-in').click();
  const signedIn = page.getByTestId('signed-in-as').filter({ hasText: 'ops' });
  await signedIn.or(page.getByTestId('register-passkey')).waitFor();
  if (!(await signedIn.isVisible())) {
    // A server with no passkey for the operator yet (a spec's own server, new on a port an
    // earlier one used): the saved credential is not its, so register from an empty authenticator.
    await authenticator.session.send('WebAuthn.clearCredentials', { authenticatorId: authenticator.authenticatorId });
    await page.getByTestId('passkey-name').fill('e2e virtual authenticator');
    await page.getByTestId('register-passkey').click();
    await signedIn.waitFor();
  }
  const { credentials } = await authenticator.session.send('WebAuthn.getCredentials', { authenticatorId: authenticator.authenticatorId });
  if (credentials.length !== 1) throw new Error(`the console's passkey: expected one credential, the authenticator holds ${credentials.length}`);
  fs.writeFileSync(saved, JSON.stringify(credentials[0]));
}

function operatorPasskeyFile(): string {
  const base = process.env.KABUTO_E2E_BASE;
  if (!base) throw new Error('KABUTO_E2E_BASE is not set: run through e2e/jest.config.js (global setup)');
  // One per server: a journey's own server (own-server.ts) has its own operator and passkey.
  return path.join(base, `e2e-operator-passkey-${new URL(serverUrlByName()).port}.json`);
}
