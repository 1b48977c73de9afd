import { startTestServer } from '../../../scripts/test-server';

/** The operator credential of the suite's server (throwaway: the server lives for one run). */
const E2E_OPERATOR_TOKEN = 'e2e-operator-credential-0123456789';

// One real server for the whole browser suite; tests find it through the env.
export default async function globalSetup(): Promise<void> {
  // Short upload-policy lifetime so the suite can see a policy expire in seconds; a
  // known operator credential so the suite can act as the operator through the CLI.
  const server = await startTestServer(
    {
      KABUTO_UPLOAD_POLICY_TTL_SECONDS: '3',
      KABUTO_OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
      // Every test signs up its own accounts from this one address; the limits themselves
      // are covered by the server's suite.
      KABUTO_RATE_LIMIT_ALLOW: '127.0.0.1,::1,::ffff:127.0.0.1',
    },
    // Migrations and seeds take more than a minute on a loaded 2-core machine.
    { healthMs: 240_000 },
  );
  process.env.KABUTO_E2E_URL = server.url;
  process.env.KABUTO_E2E_OPERATOR_TOKEN = E2E_OPERATOR_TOKEN;
  process.env.KABUTO_E2E_RELEASES_DIR = server.releasesDir;
  // Global teardown runs in this same process: hand it the server through the env, so
  // two suites running at once on one machine never stop each other's server.
  process.env.KABUTO_E2E_SERVER_PID = String(server.process.pid);
  process.env.KABUTO_E2E_BASE = server.base;
}
