// Step-up (docs/api/identity.md §5): a fresh passkey assertion, short-lived, before a
// withdrawal, a bank-card change, a fund-password change or removing a passkey. Until
// the user has a passkey the server sends a one-time code instead, and the caller's
// `askForCode` collects it. The flow is a plain function over injected calls, so it is
// tested without a browser; usePasskeyStepUp wires it to the api.
import type { StepUpVerifyArgs } from '../api/identity';
import type { StepUpPurpose } from '../schemas/identity';
import type { StepUpGrantResult, StepUpOptionsResult, WebAuthnOptionsJSON } from '../schemas/identity-api';
import { MSG } from '../messages/catalogue';

/** What the code prompt is told: which action, and where the code went (masked). */
export interface CodeRequest {
  purpose: StepUpPurpose;
  sentTo: string;
}

/** Resolves with the code the user typed, or null when they cancelled. */
export type AskForCode = (request: CodeRequest) => Promise<string | null>;

/** A call of the api: its data, or the catalogue key and translated text of its refusal. */
export type CallOutcome<T> = { ok: true; data: T } | { ok: false; msg: string; message: string };

export interface StepUpDeps {
  options(purpose: StepUpPurpose): Promise<CallOutcome<StepUpOptionsResult>>;
  verify(args: StepUpVerifyArgs): Promise<CallOutcome<StepUpGrantResult>>;
  /** Runs the browser's passkey assertion; resolves with its JSON. */
  assert(options: WebAuthnOptionsJSON): Promise<unknown>;
  askForCode?: AskForCode;
  /** Translates a catalogue key for failures that happen in the browser. */
  translate(msg: string): string;
}

export type StepUpResult =
  | { ok: true; grant: StepUpGrantResult }
  /** The user stopped (closed the passkey sheet or the code prompt): nothing to report. */
  | { ok: false; reason: 'cancelled' }
  /** The server or the authenticator refused: `message` is ready to show. */
  | { ok: false; reason: 'refused'; msg: string; message: string };

function refused(msg: string, message: string): StepUpResult {
  return { ok: false, reason: 'refused', msg, message };
}

/** A user who closes the browser's passkey sheet gets NotAllowedError (or AbortError). */
export function isWebAuthnCancel(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  return name === 'NotAllowedError' || name === 'AbortError';
}

export async function runStepUp(purpose: StepUpPurpose, deps: StepUpDeps): Promise<StepUpResult> {
  const offered = await deps.options(purpose);
  if (!offered.ok) return refused(offered.msg, offered.message);

  let verified: CallOutcome<StepUpGrantResult>;
  if (offered.data.method === 'passkey') {
    let credential: unknown;
    try {
      credential = await deps.assert(offered.data.options);
    } catch (error) {
      if (isWebAuthnCancel(error)) return { ok: false, reason: 'cancelled' };
      return refused(MSG.passkeyFailed, deps.translate(MSG.passkeyFailed));
    }
    verified = await deps.verify({ purpose, credential: JSON.stringify(credential) });
  } else {
    if (!deps.askForCode) return refused(MSG.stepUpRequired, deps.translate(MSG.stepUpRequired));
    const code = await deps.askForCode({ purpose, sentTo: offered.data.sentTo });
    if (code === null) return { ok: false, reason: 'cancelled' };
    verified = await deps.verify({ purpose, code: code.trim() });
  }
  return verified.ok ? { ok: true, grant: verified.data } : refused(verified.msg, verified.message);
}
