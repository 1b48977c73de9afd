// Chromium's virtual authenticator through the DevTools protocol: a platform passkey
// authenticator (resident keys, user verification that always succeeds) so the suite
// can enrol and use real WebAuthn credentials without hardware.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchPhone } from './browser';

export interface VirtualAuthenticator {
  session: CDPSession;
  authenticatorId: string;
  /** How many credentials the authenticator holds now. */
  credentialCount(): Promise<number>;
  remove(): Promise<void>;
}

/** Adds a passkey authenticator to `page` (one per page: the CDP session is the page's). */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<VirtualAuthenticator> {
  const session = await context.newCDPSession(page);
  await session.send('WebAuthn.enable');
  const { authenticatorId } = await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    session,
    authenticatorId,
    async credentialCount() {
      const { credentials } = await session.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials.length;
    },
    async remove() {
      await session.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    },
  };
}

/** launchPhone with a passkey authenticator on its page. */
export async function launchPhoneWithAuthenticator(
  opts: { lang?: string } = {},
): Promise<{ browser: Browser; context: BrowserContext; page: Page; authenticator: VirtualAuthenticator }> {
  const phone = await launchPhone(opts);
  return { ...phone, authenticator: await addVirtualAuthenticator(phone.context, phone.page) };
}
