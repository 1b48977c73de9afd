// Adding a passkey to the signed-in account: registration options from the server, the
// browser creates the credential, the server verifies and stores it.
import { useCallback } from 'react';
import type { PasskeyInfo } from '../schemas/identity-api';
import { identityApi } from '../api/identity';
import { MSG } from '../messages/catalogue';
import { translateMessage } from '../messages/translate';
import { getHost } from '../protocol/host';
import type { AppDispatch } from '../state/store';
import { useAppDispatch } from '../state/hooks';
import { toOutcome } from './call-outcome';
import { isWebAuthnCancel } from './step-up';
import { passkeyRegistration } from './webauthn';

export type EnrolResult =
  { ok: true; passkey: PasskeyInfo } | { ok: false; reason: 'cancelled' } | { ok: false; reason: 'refused'; msg: string; message: string };

export async function enrolPasskey(dispatch: AppDispatch, name?: string): Promise<EnrolResult> {
  const translate = (msg: string) => translateMessage(msg, getHost().getLang());
  const offered = toOutcome(await dispatch(identityApi.endpoints.passkeyRegisterOptions.initiate()), translate);
  if (!offered.ok) return { ok: false, reason: 'refused', msg: offered.msg, message: offered.message };
  let credential: unknown;
  try {
    credential = await passkeyRegistration(offered.data.options);
  } catch (error) {
    if (isWebAuthnCancel(error)) return { ok: false, reason: 'cancelled' };
    return { ok: false, reason: 'refused', msg: MSG.passkeyFailed, message: translate(MSG.passkeyFailed) };
  }
  const stored = toOutcome(await dispatch(identityApi.endpoints.passkeyRegister.initiate({ credential: JSON.stringify(credential), name })), translate);
  return stored.ok ? { ok: true, passkey: stored.data } : { ok: false, reason: 'refused', msg: stored.msg, message: stored.message };
}

/** enrolPasskey bound to the store. */
export function useEnrolPasskey(): (name?: string) => Promise<EnrolResult> {
  const dispatch = useAppDispatch();
  return useCallback((name?: string) => enrolPasskey(dispatch, name), [dispatch]);
}
