import fs from 'fs';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Stops the suite's server (graceful first, forced after 10 s) and removes its folders.
export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env.KABUTO_E2E_SERVER_PID);
  const base = process.env.KABUTO_E2E_BASE;
  if (!pid || !base) return;
  if (alive(pid)) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  fs.rmSync(base, { recursive: true, force: true });
}
