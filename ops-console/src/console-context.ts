// What every screen shares: the API client (session bearer), the session token for the live
// stream (read with fetch, outside the client) and the refusal translator.
import { createContext, useContext } from 'react';
import type { OpsClient } from './api/ops-client';

export interface ConsoleContextValue {
  client: OpsClient;
  /** The console session's bearer token, null when signed out. */
  token: () => string | null;
  refusalText: (msg: string, httpStatus: number) => string;
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('ConsoleContext is not provided');
  return value;
}
