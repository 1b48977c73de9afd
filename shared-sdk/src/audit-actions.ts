// The actions the operator audit log records (server: ops/audit.ts writeAudit; the console shows
// each in the operator's language). A writeAudit with an action not listed here does not compile,
// and the console's text tables are typed by this list, so a new action cannot go untranslated.
// Node-safe and zod-free (the constants entry).

/** Every action written to the audit log. `*.refused` are refusals audited for who tried. */
export const AUDIT_ACTIONS = [
  // Operators and their access
  'ops.refused',
  'operator.add',
  'operator.add.propose',
  'operator.add.approve',
  'operator.add.reject',
  'operator.add.approve.refused',
  'operator.role.propose',
  'operator.role.approve',
  'operator.role.reject',
  'operator.role.approve.refused',
  'operator.retire',
  'operator.session.start',
  'operator.session.end',
  'operator.passkey.add',
  'operator.passkey.remove',
  'operator.passkey.refused',
  // Customers
  'user.role',
  'user.vip',
  'user.unlock',
  'restriction.set',
  'restriction.lift',
  'kyc.approve',
  'kyc.reject',
  'invite.issue',
  'upload.view',
  // Funds
  'funds.deposit.approve',
  'funds.deposit.reject',
  'funds.withdrawal.pay',
  'funds.withdrawal.reject',
  'funds.adjustment.propose',
  'funds.adjustment.approve',
  'funds.adjustment.reject',
  'funds.adjustment.approve.refused',
  'funds.config.set',
  // Trading and the market
  'trading.forced_liquidation',
  'trading.due_close',
  'market.shock',
  'clock.advance',
  'news.create',
  'news.publish',
  'news.withdraw',
  // IPO
  'ipo.create',
  'ipo.offerPrice',
  'ipo.close',
  'ipo.draw',
  'ipo.list',
  'ipo.listNow',
  'ipo.deadline',
  // Block trades
  'block.offer.publish',
  'block.offer.close',
  'block.inventory.opening',
  'block.buy',
  // Credit
  'credit.loan.approve',
  'credit.loan.reject',
  'credit.shortfall_notice',
  'credit.forced_sale',
  // Dividends and corporate actions
  'dividend.schedule.edit',
  'dividend.split.schedule',
  // Strategies
  'strategy.trust.create',
  // Rewards
  'rewards.coupon.grant',
  // Support
  'support.reply',
  'support.note',
  'support.assign',
  'support.status',
  'support.canned.create',
  'support.canned.delete',
  'support.attachment.view',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
