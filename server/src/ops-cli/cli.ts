#!/usr/bin/env node
// `npm run ops -- <command>`: the operator CLI. It talks to the running server over HTTP
// with the operator credential (KABUTO_OPERATOR_TOKEN or <data dir>/operator-token).
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { REPO_ROOT } from '../config/env';
import { OPERATOR_TOKEN_FILE } from '../modules/ops';
import { runOps, type HttpClient } from './run';

export function operatorToken(env: NodeJS.ProcessEnv): string | null {
  const fromEnv = env.KABUTO_OPERATOR_TOKEN?.trim();
  if (fromEnv) return fromEnv;
  const dataDirSetting = env.KABUTO_DATA_DIR?.trim();
  const dataDir = dataDirSetting ? (isAbsolute(dataDirSetting) ? dataDirSetting : resolve(process.cwd(), dataDirSetting)) : join(REPO_ROOT, 'data');
  const file = join(dataDir, OPERATOR_TOKEN_FILE);
  if (!existsSync(file)) return null;
  const token = readFileSync(file, 'utf8').trim();
  return token || null;
}

export const fetchClient: HttpClient = async (request) => {
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
};

if (require.main === module) {
  runOps(process.argv.slice(2), {
    baseUrl: process.env.KABUTO_URL?.trim() || 'http://localhost:8080',
    token: operatorToken(process.env),
    http: fetchClient,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
