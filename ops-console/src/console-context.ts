// What every screen shares: the API client (session bearer) and the refusal translator.
import { createContext, useContext } from 'react';
import type { OpsClient } from './api/ops-client';

export interface ConsoleContextValue {
  client: OpsClient;
  refusalText: (msg: string, httpStatus: number) => string;
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('ConsoleContext is not provided');
  return value;
}
