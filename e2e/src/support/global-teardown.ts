import fs from 'fs';
import os from 'os';
import path from 'path';

const STATE_FILE = path.join(os.tmpdir(), 'kabuto-e2e-server.json');

export default async function globalTeardown(): Promise<void> {
  if (!fs.existsSync(STATE_FILE)) return;
  const { pid, base } = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as { pid: number; base: string };
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(base, { recursive: true, force: true });
  fs.rmSync(STATE_FILE, { force: true });
}
