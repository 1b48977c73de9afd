// What every screen shares: the API client (session bearer), the session token for the live
// stream (read with fetch, outside the client), the refusal translator, and the passkey steps.
import { createContext, useContext } from 'react';
import type { OpsClient } from './api/ops-client';
import type { PasskeyCeremonies } from './api/webauthn';
import type { PasskeySignIn } from './providers/passkey-sign-in';

export interface ConsoleContextValue {
  client: OpsClient;
  /** The console session's bearer token, null when signed out. */
  token: () => string | null;
  refusalText: (msg: string, httpStatus: number) => string;
  /** The sign-in's credential and passkey steps. */
  signIn: PasskeySignIn;
  /** The browser's passkey prompts (the passkeys screen adds one). */
  ceremonies: PasskeyCeremonies;
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('ConsoleContext is not provided');
  return value;
}
