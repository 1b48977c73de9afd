// The console's sign-in in two steps: the operator credential (what the ops CLI uses) opens the
// passkey step; the passkey assertion — or, for an operator without a passkey, registering the
// first one (allowed once, audited) — gets the console session. The credential is held only
// while the sign-in page shows it, and sent only as the bearer of these three calls.
import type { OpsClient } from '../api/ops-client';
import { OPS_ROUTES, type OpsRole } from '../api/route-table';
import type { PasskeyCeremonies, WebAuthnOptions } from '../api/webauthn';

export interface SessionStarted {
  token: string;
  expiresAt: string;
  operator: { name: string; role: OpsRole };
}

/** The server's answer to the credential: which passkey step follows. */
export interface PasskeyStep {
  step: 'passkey' | 'register';
  ticket: string;
  options: WebAuthnOptions;
}

export interface PasskeySignIn {
  begin(credential: string): Promise<PasskeyStep>;
  /** Runs the step's ceremony in the browser and answers the console session. */
  finish(credential: string, step: PasskeyStep, name?: string): Promise<SessionStarted>;
}

export function createPasskeySignIn(deps: { clientWith: (bearer: () => string | null) => OpsClient; ceremonies: PasskeyCeremonies }): PasskeySignIn {
  const clientFor = (credential: string) => deps.clientWith(() => credential.trim());
  return {
    begin: (credential) => clientFor(credential).call<PasskeyStep>(OPS_ROUTES.session.start),
    async finish(credential, step, name) {
      if (step.step === 'passkey') {
        const assertion = await deps.ceremonies.assert(step.options);
        return clientFor(credential).call<SessionStarted>(OPS_ROUTES.session.passkey, { body: { ticket: step.ticket, credential: assertion } });
      }
      const created = await deps.ceremonies.register(step.options);
      return clientFor(credential).call<SessionStarted>(OPS_ROUTES.session.register, { body: { ticket: step.ticket, credential: created, name: name ?? '' } });
    },
  };
}
