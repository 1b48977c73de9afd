// Refine's auth provider: sign-in exchanges the operator credential (what the ops CLI uses)
// for a console session (POST /api/ops/session); the credential is not kept. Sign-out ends
// the session on the server. A 401 from any call (expired, ended, retired) signs out.
import type { AuthProvider } from '@refinedev/core';
import { OpsRefusal, type OpsClient } from '../api/ops-client';
import { OPS_ROUTES, type OpsRole } from '../api/route-table';
import type { SessionStore } from './session-store';

interface SessionStarted {
  token: string;
  expiresAt: string;
  operator: { name: string; role: OpsRole };
}

export interface AuthTexts {
  refused: string;
  refusal: (msg: string, httpStatus: number) => string;
}

/** Why the console went back to the sign-in page (shown there). */
export type SignOutWhy = 'locked' | 'expired';

export function createAuthProvider(deps: {
  store: SessionStore;
  /** A client that sends `credential` as its bearer (sign-in). */
  clientWith: (bearer: () => string | null) => OpsClient;
  texts: () => AuthTexts;
  onSignedOut?: () => void;
}): AuthProvider {
  const sessionClient = deps.clientWith(() => deps.store.get()?.token ?? null);
  return {
    async login(params: { credential?: string }) {
      const credential = (params.credential ?? '').trim();
      try {
        const started = await deps.clientWith(() => credential).call<SessionStarted>(OPS_ROUTES.session.start);
        deps.store.set({ token: started.token, name: started.operator.name, role: started.operator.role });
        return { success: true, redirectTo: '/' };
      } catch (error) {
        if (!(error instanceof OpsRefusal)) throw error;
        const texts = deps.texts();
        return { success: false, error: { name: texts.refused, message: texts.refusal(error.msg, error.httpStatus) } };
      }
    },
    async logout(params?: { why?: SignOutWhy }) {
      if (deps.store.get()) {
        // Best effort: an expired session has nothing left to end.
        await sessionClient.call(OPS_ROUTES.session.end).catch(() => undefined);
      }
      deps.store.clear();
      deps.onSignedOut?.();
      return { success: true, redirectTo: params?.why ? `/login?why=${params.why}` : '/login' };
    },
    async check() {
      return deps.store.get() ? { authenticated: true } : { authenticated: false, redirectTo: '/login', logout: true };
    },
    async onError(error: { statusCode?: number }) {
      if (error.statusCode === 401) {
        deps.store.clear();
        deps.onSignedOut?.();
        return { logout: true, redirectTo: '/login?why=expired' };
      }
      return {};
    },
    async getPermissions() {
      return deps.store.get()?.role ?? null;
    },
    async getIdentity() {
      const session = deps.store.get();
      return session ? { id: session.name, name: session.name, role: session.role } : null;
    },
  };
}
