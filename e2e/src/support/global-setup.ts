import { startTestServer } from '../../../scripts/test-server';
import { publishSuiteServers } from './suite-servers';

/** The operator credential of the suite's servers (throwaway: a server lives for one run). */
const E2E_OPERATOR_TOKEN = 'e2e-operator-credential-0123456789';

// One real server per jest worker (one in band); tests find theirs through the env.
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const count = Math.max(1, globalConfig.maxWorkers);
  const servers = await Promise.all(
    Array.from({ length: count }, () =>
      // Short upload-policy lifetime so the suite can see a policy expire in seconds; a
      // known operator credential so the suite can act as the operator through the CLI.
      startTestServer(
        {
          KABUTO_UPLOAD_POLICY_TTL_SECONDS: '3',
          KABUTO_OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
          // Every test signs up its own accounts from this one address; the limits themselves
          // are covered by the server's suite.
          KABUTO_RATE_LIMIT_ALLOW: '127.0.0.1,::1,::ffff:127.0.0.1',
        },
        // Migrations and seeds take more than a minute on a loaded 2-core machine.
        { healthMs: 240_000 },
      ),
    ),
  );
  process.env.KABUTO_E2E_OPERATOR_TOKEN = E2E_OPERATOR_TOKEN;
  // Global teardown runs in this same process: hand it the servers through the env, so
  // two suites running at once on one machine never stop each other's servers.
  publishSuiteServers(servers.map((s) => ({ url: s.url, base: s.base, releasesDir: s.releasesDir, pid: s.process.pid ?? 0 })));
}
