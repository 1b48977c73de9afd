// The suite's servers: one per jest worker, so the files a worker runs share one server in
// order, as a run in band does, and two workers never see each other's clock, venue moves,
// funds windows or released remotes. Global setup starts them and lists them in the env;
// each test file picks its worker's (define-globals.ts), and teardown stops them.
export interface SuiteServer {
  url: string;
  base: string;
  releasesDir: string;
  pid: number;
}

const SERVERS_ENV = 'KABUTO_E2E_SERVERS';

export function publishSuiteServers(servers: readonly SuiteServer[]): void {
  process.env[SERVERS_ENV] = JSON.stringify(servers);
}

export function suiteServers(): SuiteServer[] {
  const listed = process.env[SERVERS_ENV];
  return listed ? (JSON.parse(listed) as SuiteServer[]) : [];
}

/** Points this process's helpers (serverUrl, the ops CLI, releases) at its worker's server. */
export function useWorkerServer(): void {
  const servers = suiteServers();
  if (servers.length === 0) return;
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  const server = servers[(worker - 1) % servers.length] as SuiteServer;
  process.env.KABUTO_E2E_URL = server.url;
  process.env.KABUTO_E2E_BASE = server.base;
  process.env.KABUTO_E2E_RELEASES_DIR = server.releasesDir;
}
