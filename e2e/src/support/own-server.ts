// A server of one spec's own (scripts/test-server.js) whose business clock starts at a given
// JST instant (KABUTO_MARKET_CLOCK_START), for journeys that need the venue at a set time of
// day; while it runs, the helpers (ops CLI, pages) talk to it instead of the suite's server.
import { startTestServer } from '../../../scripts/test-server';
import { openFundsWindowsAllDay } from './ops-cli';

export interface OwnServer {
  stop(): Promise<void>;
}

/** How long such a server may take to start (migrations and seeds on a busy machine). */
export const OWN_SERVER_START_MS = 240_000;

export async function serverWithClockAt(start: string): Promise<OwnServer> {
  const suiteUrl = process.env.KABUTO_E2E_URL;
  const server = await startTestServer(
    {
      KABUTO_OPERATOR_TOKEN: process.env.KABUTO_E2E_OPERATOR_TOKEN ?? '',
      KABUTO_RATE_LIMIT_ALLOW: '127.0.0.1,::1,::ffff:127.0.0.1',
      KABUTO_MARKET_CLOCK_START: start,
    },
    { healthMs: OWN_SERVER_START_MS },
  );
  process.env.KABUTO_E2E_URL = server.url;
  return {
    stop: async () => {
      process.env.KABUTO_E2E_URL = suiteUrl;
      await server.stop();
    },
  };
}

/**
 * The file's journeys run on a server of their own whose clock starts at `start` (started before
 * them, stopped after them), with these funds windows open round the clock.
 */
export function ownServerForThisFile(start: string, fundsWindows: readonly ('deposit' | 'withdraw')[]): void {
  let server: OwnServer | undefined;
  beforeAll(async () => {
    server = await serverWithClockAt(start);
    openFundsWindowsAllDay(fundsWindows);
  }, OWN_SERVER_START_MS + 60_000);
  afterAll(async () => {
    await server?.stop();
  });
}
