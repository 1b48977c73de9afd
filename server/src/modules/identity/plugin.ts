// The identity module: the `user` group (access, account, passkeys and step-up, identity
// verification, site messages) and its operator calls under /api/ops. Contract: docs/api/identity.md.
import type { FastifyInstance } from 'fastify';
import type { IdentityDeps } from './deps';
import { deviceCookieKey } from './device-cookies';
import { createRestrictionHooks, type RestrictionHooks } from './restriction-hooks';
import { accessRoutes } from './routes/access';
import { accountRoutes } from './routes/account';
import { kycRoutes } from './routes/kyc';
import { identityOpsRoutes } from './ops-routes';
import { messageRoutes } from './routes/messages';
import { passkeyRoutes } from './routes/passkeys';

export type IdentityPluginOptions = Omit<IdentityDeps, 'deviceKey' | 'restrictionHooks'> & {
  /** The server secret (KABUTO_SECRET): the device-cookie key is derived from it. */
  secret: string;
  /** Shared with the modules that act on restrictions (trading); none when omitted. */
  restrictionHooks?: RestrictionHooks;
};

export async function identityPlugin(app: FastifyInstance, opts: IdentityPluginOptions): Promise<void> {
  const deps: IdentityDeps = {
    db: opts.db,
    clock: opts.clock,
    ...(opts.businessClock ? { businessClock: opts.businessClock } : {}),
    notifications: opts.notifications,
    deviceKey: deviceCookieKey(opts.secret),
    restrictionHooks: opts.restrictionHooks ?? createRestrictionHooks(),
  };
  await accessRoutes(app, deps);
  await accountRoutes(app, deps);
  await passkeyRoutes(app, deps);
  await kycRoutes(app, deps);
  await messageRoutes(app, deps);
  // Operator calls get a context of their own, so their guard covers only them.
  await app.register(async (ops) => identityOpsRoutes(ops, deps));
}
