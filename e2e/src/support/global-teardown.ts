import fs from 'fs';
import { suiteServers } from './suite-servers';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Stops the suite's servers (graceful first, forced after 10 s) and removes their folders.
export default async function globalTeardown(): Promise<void> {
  await Promise.all(
    suiteServers().map(async ({ pid, base }) => {
      if (pid && alive(pid)) process.kill(pid, 'SIGTERM');
      const deadline = Date.now() + 10_000;
      while (pid && alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
      fs.rmSync(base, { recursive: true, force: true });
    }),
  );
}
