import fs from 'fs';
import os from 'os';
import path from 'path';

const STATE_FILE = path.join(os.tmpdir(), 'kabuto-e2e-server.json');

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
  if (!fs.existsSync(STATE_FILE)) return;
  const { pid, base } = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as { pid: number; base: string };
  if (alive(pid)) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  fs.rmSync(base, { recursive: true, force: true });
  fs.rmSync(STATE_FILE, { force: true });
}
