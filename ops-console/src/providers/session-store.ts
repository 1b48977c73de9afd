// The console session in the browser: the short-lived token the server gave for the
// operator's credential (never the credential itself), with the operator's name and role.
// sessionStorage: it survives a reload of the tab, not the tab's closing.
import { OPS_ROLES, type OpsRole } from '../api/route-table';

export interface ConsoleSession {
  token: string;
  name: string;
  role: OpsRole;
}

const KEY = 'kabuto-ops-session';

function isSession(value: unknown): value is ConsoleSession {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.token === 'string' && typeof v.name === 'string' && (OPS_ROLES as readonly unknown[]).includes(v.role);
}

export interface SessionStore {
  get(): ConsoleSession | null;
  set(session: ConsoleSession): void;
  clear(): void;
}

export function createSessionStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): SessionStore {
  let current: ConsoleSession | null = null;
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? 'null');
    current = isSession(parsed) ? parsed : null;
  } catch {
    current = null;
  }
  return {
    get: () => current,
    set(session) {
      current = session;
      storage.setItem(KEY, JSON.stringify(session));
    },
    clear() {
      current = null;
      storage.removeItem(KEY);
    },
  };
}
