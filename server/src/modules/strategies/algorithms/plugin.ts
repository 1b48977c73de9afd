// The algorithms' schedule: created once when the app is ready, then one run per business date after
// the morning open, off any request path. A stepped (demo) clock takes the run at each day's run time
// on its way; a real clock checks every `checkMs` whether today's run is due (the run itself is
// idempotent per date, so checking often trades nothing twice).
import type { FastifyInstance } from 'fastify';
import { runEvery } from '../../../http/periodic';
import { businessInstantsBetween } from '../../market';
import type { StrategiesDeps } from '../deps';
import { ensureAlgorithms, runAlgorithms, runDue } from './algorithms';

export function startAlgorithms(app: FastifyInstance, deps: StrategiesDeps): void {
  const config = deps.config.algorithms;
  if (config.definitions.length === 0) return;
  app.addHook('onReady', async () => {
    if (app.homeBackground) await ensureAlgorithms(deps);
  });
  deps.businessClock.registerSteps?.({
    name: 'strategy-algorithms',
    dueBetween: async (from, to) => businessInstantsBetween(from, to, [config.runSecondOfDay]),
    run: async () => {
      if (runDue(deps, deps.businessClock.now())) await runAlgorithms(deps);
    },
  });
  if (!deps.businessClock.registerSteps)
    runEvery(app, 'strategy algorithms', config.checkMs, async () => {
      if (runDue(deps, deps.businessClock.now())) await runAlgorithms(deps);
    });
}
