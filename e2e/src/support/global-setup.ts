import fs from 'fs';
import os from 'os';
import path from 'path';
import { startTestServer } from '../../../scripts/test-server';

const STATE_FILE = path.join(os.tmpdir(), 'kabuto-e2e-server.json');

// One real server for the whole browser suite; tests find it through the env.
export default async function globalSetup(): Promise<void> {
  // Short upload-policy lifetime so the suite can see a policy expire in seconds.
  const server = await startTestServer({ KABUTO_UPLOAD_POLICY_TTL_SECONDS: '3' });
  process.env.KABUTO_E2E_URL = server.url;
  process.env.KABUTO_E2E_RELEASES_DIR = server.releasesDir;
  fs.writeFileSync(STATE_FILE, JSON.stringify({ pid: server.process.pid, base: server.base }));
}
