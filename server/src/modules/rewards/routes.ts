// The customer calls of the `rewards` group (docs/api/rewards.md). Forms are parsed once with
// the shared schemas; refusals travel as ApiFailure with a catalogue message and their figures.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { couponRedeemFormSchema, rewardsEmptyFormSchema } from '@kabuto/shared-sdk/schemas';
import { ok } from '../../http/envelope';
import { parseRouteForm } from '../../http/parse-form';
import { currentUser, forbidInstitution, provenUserLimit, requireUser } from '../identity';
import { couponsOf } from './coupons/coupons';
import { redeemCashCoupon } from './coupons/redeem';
import { REWARDS_API, type RewardsDeps } from './deps';
import { signIn, signInStatus } from './sign-in/sign-in';

const tapLimit = { rateLimit: provenUserLimit(30, '1 minute') };

const me = (request: FastifyRequest): number => currentUser(request).id;

export async function rewardsRoutes(app: FastifyInstance, deps: RewardsDeps): Promise<void> {
  const member = [requireUser, forbidInstitution];

  app.post(
    `${REWARDS_API}/signInStatus`,
    {
      preHandler: member,
      config: { summary: 'Today’s sign-in state, my streak calendar, points and the published reward table', form: rewardsEmptyFormSchema },
    },
    async (request) => {
      parseRouteForm(request, rewardsEmptyFormSchema);
      return ok(await signInStatus(deps, me(request)));
    },
  );

  app.post(
    `${REWARDS_API}/signIn`,
    {
      preHandler: member,
      config: { ...tapLimit, summary: 'Sign in for today’s business date (once; parallel taps give one reward)', form: rewardsEmptyFormSchema },
    },
    async (request) => {
      parseRouteForm(request, rewardsEmptyFormSchema);
      return signIn(deps, me(request));
    },
  );

  app.post(
    `${REWARDS_API}/coupons`,
    { preHandler: member, config: { summary: 'My coupons: usable, used and expired, each with its rules', form: rewardsEmptyFormSchema } },
    async (request) => {
      parseRouteForm(request, rewardsEmptyFormSchema);
      return ok(await couponsOf(deps, me(request)));
    },
  );

  app.post(
    `${REWARDS_API}/redeem`,
    {
      preHandler: member,
      config: { ...tapLimit, summary: 'Redeem a cash coupon into cash (once; idempotent by key; answers the postings)', form: couponRedeemFormSchema },
    },
    async (request) => redeemCashCoupon(deps, me(request), parseRouteForm(request, couponRedeemFormSchema)),
  );
}
