// Refine's auth provider: sign-in finishes the passkey step the operator credential opened
// (passkey-sign-in.ts) and keeps the console session it answers; the credential is not kept.
// Sign-out ends the session on the server. A 401 from any call (expired, ended, retired) signs out.
import type { AuthProvider } from '@refinedev/core';
import { OpsRefusal, type OpsClient } from '../api/ops-client';
import { OPS_ROUTES } from '../api/route-table';
import { isCeremonyCancelled } from '../api/webauthn';
import type { PasskeySignIn, PasskeyStep } from './passkey-sign-in';
import type { SessionStore } from './session-store';

export interface AuthTexts {
  refused: string;
  refusal: (msg: string, httpStatus: number) => string;
  /** The browser's passkey prompt was closed or timed out. */
  cancelled: string;
}

/** What the sign-in page hands over once the credential step has answered. */
export interface LoginParams {
  credential: string;
  step: PasskeyStep;
  /** The first passkey's name (register step). */
  name?: string;
}

/** Why the console went back to the sign-in page (shown there). */
export type SignOutWhy = 'locked' | 'expired';

export function createAuthProvider(deps: {
  store: SessionStore;
  /** A client that sends the given bearer (the session's). */
  clientWith: (bearer: () => string | null) => OpsClient;
  signIn: PasskeySignIn;
  texts: () => AuthTexts;
  onSignedOut?: () => void;
}): AuthProvider {
  const sessionClient = deps.clientWith(() => deps.store.get()?.token ?? null);
  return {
    async login(params: LoginParams) {
      try {
        const started = await deps.signIn.finish(params.credential, params.step, params.name);
        deps.store.set({ token: started.token, name: started.operator.name, role: started.operator.role });
        return { success: true, redirectTo: '/' };
      } catch (error) {
        const texts = deps.texts();
        if (isCeremonyCancelled(error)) return { success: false, error: { name: texts.refused, message: texts.cancelled } };
        if (!(error instanceof OpsRefusal)) throw error;
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
