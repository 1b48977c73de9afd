// An app for market tests: in-memory database, a fixed clock inside a Monday morning
// session (2025-01-06 10:00 JST), and a small universe so simulation stays fast.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../../app';
import { fixedClock, type TestClock } from '../../../clock';
import { openMigratedDatabase, type OpenedDatabase } from '../../../db/client';
import { createUser, login, type Session } from '../../identity/testing/identity-test-kit';
import { createMarketRuntime, type MarketRuntime, type MarketRuntimeOptions } from '../runtime';
import { testUniverse } from '../test-universe';

export { testUniverse };

export const TEST_CODES = ['7203', '6758', '9984', '8306', '6472', '1306', '1321', '1570'] as const;

export interface MarketTestContext {
  app: FastifyInstance;
  db: OpenedDatabase['db'];
  clock: TestClock;
  runtime: MarketRuntime;
  dataDir: string;
  close(): Promise<void>;
}

/** `logger`: a stream that receives the app's log lines (JSON), for tests about what is logged. `hubs`: a cluster's buses. */
export async function startMarketTestApp(
  codes: readonly string[] = TEST_CODES,
  opts: {
    logger?: { level: string; stream: { write(line: string): void } };
    hubs?: Pick<MarketRuntimeOptions, 'bus' | 'userEvents'>;
    support?: BuildAppOptions['support'];
  } = {},
): Promise<MarketTestContext> {
  const database = await openMigratedDatabase({ kind: 'pglite' });
  const clock = fixedClock(new Date('2025-01-06T01:00:00Z'));
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-market-test-'));
  const runtime = createMarketRuntime({ clock, seed: 'market-test', universe: testUniverse(codes), ...opts.hubs });
  const app = await buildApp({
    db: database,
    clock,
    dataDir,
    releasesDir: join(dataDir, 'releases'),
    shellDir: join(dataDir, 'no-shell'),
    secret: 'market-test-secret-long-enough',
    market: runtime,
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.support ? { support: opts.support } : {}),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    runtime,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type FormValue = string | number | boolean | undefined;

export interface Answer<T = unknown> {
  http: number;
  status: number;
  msg: string;
  data: T;
}

/** POST /api/vue/<group>/<action> form-encoded, with or without a session. */
export async function call<T = any>(app: FastifyInstance, path: string, form: Record<string, FormValue> = {}, session?: Session): Promise<Answer<T>> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.append(k, String(v));
  const res: LightMyRequestResponse = await app.inject({
    method: 'POST',
    url: `/api/vue/${path}`,
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(session ? { token: session.token, account: session.account } : {}) },
  });
  const json = res.json() as { status: number; msg: string; data: T };
  return { http: res.statusCode, ...json };
}

export async function loggedInUser(ctx: MarketTestContext): Promise<Session> {
  const user = await createUser(ctx.db);
  return login(ctx.app, user.account);
}
