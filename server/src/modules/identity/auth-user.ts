// Who is calling: set on the request by requireUser (guards.ts).
import type { FastifyInstance } from 'fastify';
import type { Role, UserRestrictions } from '@kabuto/shared-sdk/schemas';
import type { UserRow } from './schema';

export interface AuthUser {
  id: number;
  account: string;
  role: Role;
  vipLevel: number;
  sessionId: string;
  restrictions: UserRestrictions;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user; null until requireUser has run (and on public routes). */
    user: AuthUser | null;
  }
}

/** Call once on the root instance so every module's requests carry `user`. */
export function registerAuthUserDecoration(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('user')) app.decorateRequest('user', null);
}

export function restrictionsOf(user: Pick<UserRow, 'frozen' | 'loginBanned' | 'disabled' | 'tradeBanned' | 'withdrawBanned'>): UserRestrictions {
  return {
    frozen: user.frozen,
    loginBanned: user.loginBanned,
    disabled: user.disabled,
    tradeBanned: user.tradeBanned,
    withdrawBanned: user.withdrawBanned,
  };
}
