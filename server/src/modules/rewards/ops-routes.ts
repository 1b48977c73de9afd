// Operator side of rewards under /api/ops/rewards (docs/api/rewards.md "Operator"): grant a
// campaign coupon to one customer, audited in the transaction that writes it, and read a
// customer's coupons. JSON, Bearer operator credential.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import { opsCampaignCouponFormSchema, rowIdSchema } from '@kabuto/shared-sdk/schemas';
import { ok } from '../../http/envelope';
import { parseRouteForm, parseRouteParams } from '../../http/parse-form';
import { refuse } from '../funds';
import { users } from '../identity';
import { currentOperator, registerOperatorDecoration, requireOperator, writeAudit } from '../ops';
import { businessToday, couponsOf, couponView, grantCoupon } from './coupons/coupons';
import { OPS_REWARDS_API, type RewardsDeps } from './deps';

const userParams = z.object({ userId: rowIdSchema(MSG.invalidParams) });

export async function rewardsOpsRoutes(app: FastifyInstance, deps: RewardsDeps): Promise<void> {
  registerOperatorDecoration(app);
  app.addHook('preHandler', requireOperator);

  app.post(
    `${OPS_REWARDS_API}/campaign`,
    { config: { summary: 'Grant a campaign coupon (cash or fee discount) to one customer, once per campaign; audited', form: opsCampaignCouponFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, opsCampaignCouponFormSchema);
      const operator = currentOperator(request);
      const today = businessToday(deps);
      if (form.expiresOn <= today) refuse(MSG.couponExpiryInvalid, { rule: 'expiry-after-today', expiresOn: form.expiresOn, today });
      const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.account, form.account)).limit(1);
      if (!user) refuse(MSG.accountNotFound);
      const coupon = await deps.db.transaction(async (tx) => {
        const row = await grantCoupon(deps, tx, {
          userId: user.id,
          kind: form.kind,
          source: 'campaign',
          sourceKey: `campaign:${form.campaign}`,
          value: form.value,
          minOrderValue: form.kind === 'fee-discount' ? (form.minOrderValue ?? null) : null,
          expiresOn: form.expiresOn,
          grantedBy: operator.name,
        });
        if (!row) return null;
        await writeAudit(tx, deps.clock, operator, {
          action: 'rewards.coupon.grant',
          targetUserId: user.id,
          reason: form.reason,
          details: { couponId: row.id, kind: row.kind, value: row.value.toString(), expiresOn: row.expiresOn, campaign: form.campaign },
        });
        return row;
      });
      // Once per customer and campaign: a second grant answers the refusal and writes nothing.
      if (!coupon) refuse(MSG.couponAlreadyGranted, { rule: 'once-per-campaign', campaign: form.campaign });
      return ok(couponView(coupon, today), MSG.couponGranted);
    },
  );

  app.get(
    `${OPS_REWARDS_API}/customers/:userId/coupons`,
    { config: { summary: 'A customer’s coupons by state (read only)', params: userParams } },
    async (request) => {
      const { userId } = parseRouteParams(request, userParams);
      return ok(await couponsOf(deps, userId));
    },
  );
}
