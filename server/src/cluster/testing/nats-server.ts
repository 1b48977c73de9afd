// A real nats-server with JetStream for the cluster's tests: one per test file, on a free port,
// its store in a temp directory (removed on stop). restart() stops and starts it on the same port
// and store, as an operator's restart would (file-stored streams survive).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export interface TestNatsServer {
  url: string;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

function findBinary(): string {
  const candidates = ['/usr/sbin/nats-server', ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'nats-server'))];
  const found = candidates.find((p) => p && existsSync(p));
  if (!found) throw new Error('nats-server not found (/usr/sbin or PATH): install it with `apt-get install nats-server` (the cluster tests need a real one)');
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nats-server: ${what} after ${timeoutMs} ms`);
}

export async function startNatsServer(): Promise<TestNatsServer> {
  const binary = findBinary();
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'kabuto-nats-'));
  let child: ChildProcess | null = null;
  let output = '';

  const start = async (): Promise<void> => {
    const proc = spawn(binary, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    let exited = false;
    proc.once('exit', () => (exited = true));
    await waitFor(async () => {
      if (exited) throw new Error(`nats-server exited at start:\n${output.slice(-2000)}`);
      return (await portOpen(port)) && output.includes('Server is ready');
    }, 'not ready');
  };

  const halt = async (): Promise<void> => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    restart: async () => {
      await halt();
      output = '';
      await start();
    },
    stop: async () => {
      await halt();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
