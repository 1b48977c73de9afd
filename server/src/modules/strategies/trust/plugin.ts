// Starts the investment trust inside the strategies plugin: its calls, its escrow line in the
// wallet, and the NAV after each close (a step of the stepped demo clock, or a timer on a real one).
import type { FastifyInstance } from 'fastify';
import { runEvery } from '../../../http/periodic';
import { businessInstantsBetween } from '../../market';
import type { StrategiesDeps } from '../deps';
import { trustOpsRoutes, trustRoutes } from './routes';
import { TRUST_ACCOUNTS, TRUST_NAV_SECOND_OF_DAY, runTrustNavs } from './trust';

export async function startTrust(app: FastifyInstance, deps: StrategiesDeps): Promise<void> {
  // A subscription waiting for its NAV is still the customer's money: the wallet shows it as a line.
  deps.funds.registerEscrowAccount({ name: 'trust-subscription', kind: TRUST_ACCOUNTS.escrow });
  // So is a redemption priced at its NAV whose yen the trust still owes (paid once its sales cover it).
  deps.funds.registerEscrowAccount({ name: 'trust-redemption', kind: TRUST_ACCOUNTS.redemptionReceivable });
  await trustRoutes(app, deps);
  await app.register(async (ops) => trustOpsRoutes(ops, deps));
  const run = () =>
    runTrustNavs(deps)
      .then(({ sales }) => {
        // A refused sale is not retried now: the next NAV step sells again for what is still owed.
        for (const sale of sales) if (sale.refusal !== null) app.log.warn({ sale }, 'trust sale for redemptions refused');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'trust NAV failed'));
  deps.businessClock.registerSteps?.({
    name: 'strategy-trust-nav',
    dueBetween: async (from, to) => businessInstantsBetween(from, to, [TRUST_NAV_SECOND_OF_DAY]),
    run: async () => {
      await run();
    },
  });
  if (!deps.businessClock.registerSteps) runEvery(app, 'trust NAV', deps.config.sweepMs, run);
}
