// usePasskeyStepUp(purpose): a function that runs the whole step-up (options →
// passkey assertion or one-time code → verify) and resolves with the grant or why not.
// Refusals are toasted here in the user's language, so callers only check `ok`.
import { useCallback } from 'react';
import { TOAST_MS } from '../constants';
import { identityApi } from '../api/identity';
import type { StepUpPurpose } from '../schemas/identity';
import { translateMessage } from '../messages/translate';
import { getHost } from '../protocol/host';
import { useAppDispatch } from '../state/hooks';
import { toOutcome } from './call-outcome';
import { runStepUp, type AskForCode, type StepUpResult } from './step-up';
import { passkeyAssertion } from './webauthn';

export interface PasskeyStepUpOptions {
  /**
   * Collects the one-time code when the user has no passkey yet (the documented
   * fallback). Without it such a user is told a step-up is required.
   */
  askForCode?: AskForCode;
  /** Do not toast refusals; the caller shows `result.message` itself. */
  silent?: boolean;
}

export function usePasskeyStepUp(purpose: StepUpPurpose, options: PasskeyStepUpOptions = {}): () => Promise<StepUpResult> {
  const dispatch = useAppDispatch();
  const { askForCode, silent = false } = options;
  return useCallback(async () => {
    const translate = (msg: string) => translateMessage(msg, getHost().getLang());
    const result = await runStepUp(purpose, {
      options: async (p) => toOutcome(await dispatch(identityApi.endpoints.stepUpOptions.initiate({ purpose: p })), translate),
      verify: async (args) => toOutcome(await dispatch(identityApi.endpoints.stepUpVerify.initiate(args)), translate),
      assert: passkeyAssertion,
      askForCode,
      translate,
    });
    if (!result.ok && result.reason === 'refused' && !silent && result.message) getHost().toast(result.message, TOAST_MS);
    return result;
  }, [dispatch, purpose, askForCode, silent]);
}
