// Assembles the Fastify application from its plugins. Everything it needs arrives as
// options (database, clock, folders, secret), so tests build it with an in-memory
// database and a test clock, and main.ts builds it from the environment.
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Clock } from './clock';
import type { Database, DatabaseHandle, DatabaseKind } from './db/client';
import { registerErrorHandling } from './http/error-handler';
import { openApiPlugin } from './http/openapi/plugin';
import { collectRoutes } from './http/openapi/route-catalogue';
import { helmetOptions } from './http/security';
import { commonPlugin } from './modules/common/plugin';
import { UPLOAD_MAX_BYTES } from './modules/common/upload/policy';
import { fundsPlugin, type FundsPluginOptions } from './modules/funds/plugin';
import { healthPlugin } from './modules/health/plugin';
import { registerAuthUserDecoration } from './modules/identity/auth-user';
import { identityPlugin } from './modules/identity/plugin';
import { opsPlugin } from './modules/ops/plugin';
import { marketPlugin } from './modules/market/plugin';
import { createMarketRuntime, type MarketRuntime } from './modules/market/runtime';
import { createOutboxGateway, type NotificationGateway } from './notifications/gateway';
import { releasesPlugin } from './releases/plugin';
import { shellStaticPlugin } from './static/shell';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database (PGlite or PostgreSQL). */
    db: Database;
    dbKind: DatabaseKind;
    /** The one clock; never call Date.now() in app code. */
    clock: Clock;
  }
}

export interface BuildAppOptions {
  db: DatabaseHandle;
  clock: Clock;
  /** KABUTO_DATA_DIR: uploads live in <dataDir>/uploads. */
  dataDir: string;
  releasesDir: string;
  shellDir: string;
  /** Upload-policy signing secret. */
  secret: string;
  /** Lifetime of upload policies (KABUTO_UPLOAD_POLICY_TTL_SECONDS); default 15 minutes. */
  uploadPolicyTtlMs?: number;
  /** Client addresses exempt from rate limits (KABUTO_RATE_LIMIT_ALLOW): internal hosts, test runners. */
  rateLimitAllowList?: string[];
  /** Where security notices and one-time codes go; default: the outbox table. */
  notifications?: NotificationGateway;
  /** Funds module: rates provider, hold sources, demo deposit auto-approval (docs/api/funds.md). */
  funds?: Omit<FundsPluginOptions, 'db' | 'clock'>;
  /** pino request logging; off by default so tests stay quiet. */
  logger?: boolean;
  /** The simulated market; default: one on `clock` with the default seed and no warm-up (tests). */
  market?: MarketRuntime;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // Let in-flight requests finish on close, but do not wait for idle keep-alive sockets.
    forceCloseConnections: 'idle',
  });

  // First, so it sees every route any plugin registers (GET /api/openapi.json lists them).
  const routes = collectRoutes(app);

  app.decorate('db', opts.db.db);
  app.decorate('dbKind', opts.db.kind);
  app.decorate('clock', opts.clock);

  registerErrorHandling(app);

  await app.register(helmet, helmetOptions);
  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 16, fieldSize: 8 * 1024, parts: 17 },
  });
  // Limits are set per route (config.rateLimit); nothing is limited by default.
  await app.register(rateLimit, { global: false, allowList: opts.rateLimitAllowList ?? [] });

  await app.register(openApiPlugin, { routes });
  await app.register(healthPlugin, { db: opts.db.db, dbKind: opts.db.kind, clock: opts.clock });
  await app.register(commonPlugin, {
    db: opts.db.db,
    clock: opts.clock,
    dataDir: opts.dataDir,
    secret: opts.secret,
    uploadPolicyTtlMs: opts.uploadPolicyTtlMs,
  });
  registerAuthUserDecoration(app);
  const notifications = opts.notifications ?? createOutboxGateway(opts.db.db, opts.clock);
  await app.register(identityPlugin, { db: opts.db.db, clock: opts.clock, notifications });
  await app.register(opsPlugin, { db: opts.db.db, clock: opts.clock, notifications });
  await app.register(fundsPlugin, { db: opts.db.db, clock: opts.clock, ...opts.funds });
  const market = opts.market ?? createMarketRuntime({ clock: opts.clock });
  app.decorate('market', market);
  await app.register(marketPlugin, { db: opts.db.db, clock: opts.clock, runtime: market });
  await app.register(releasesPlugin, { releasesDir: opts.releasesDir });
  await app.register(shellStaticPlugin, { shellDir: opts.shellDir });

  return app;
}
