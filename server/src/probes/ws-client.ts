// A WebSocket client of `/ws` for the cluster's tests and probes: keeps every frame and waits for the ones asked for.
import WebSocket from 'ws';

export type Frame = Record<string, unknown> & { op?: string; channel?: string; id?: string; data?: Record<string, unknown> };

export interface WsClient {
  frames: Frame[];
  send(frame: Record<string, unknown>): void;
  /** Resolves when `check` holds for the frames received so far. */
  until(check: (frames: Frame[]) => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): void;
}

export async function connectWs(url: string): Promise<WsClient> {
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    until: async (check, what, timeoutMs = 10_000) => {
      const end = performance.now() + timeoutMs;
      while (!check(frames)) {
        if (performance.now() > end) throw new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(frames).slice(0, 2000)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => ws.terminate(),
  };
}
