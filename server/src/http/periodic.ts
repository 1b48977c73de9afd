// A background sweep on a timer: started once the app is ready, never two runs at once (on a busy
// database a slow run is skipped over, not stacked), not keeping the process alive, stopped on close.
import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` every `everyMs` (0 or less: never; tests call the sweep themselves). Where: the
 * process running the background work that spans instruments (app.homeBackground, the default),
 * or every process (a refresh of what each keeps in memory).
 */
export function runEvery(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  run: () => Promise<unknown>,
  opts: { where?: 'home' | 'every-process' } = {},
): void {
  if (everyMs <= 0 || (opts.where !== 'every-process' && !app.homeBackground)) return;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      run()
        .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
        .finally(() => {
          running = false;
        });
    }, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
