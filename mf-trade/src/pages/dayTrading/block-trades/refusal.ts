// What a block-buy refusal was about, said with the rule and the amounts. The rules are the shared
// checkBlockBuy the server enforces, run on the offer as the list showed it: before sending (so a
// buy below the minimum is stopped with "minimum ¥1,500,000, this buy ¥1,200,000") and after a
// refusal with the same message (the server's data are not carried by the SDK's error).
import { groupAmount } from '@kabuto/shared-sdk';
import { checkBlockBuy, type BlockOffer, type BlockRefusal, type BlockRefusalDetail } from '@kabuto/shared-sdk/schemas';

/** The sheet's check: the offer's rules, the customer's buys so far, `shares`. */
export function refusalFor(offer: BlockOffer, shares: number): BlockRefusal | null {
  return checkBlockBuy(
    {
      status: offer.status,
      windowStart: offer.windowStart,
      windowEnd: offer.windowEnd,
      priceYen: BigInt(Math.round(Number(offer.price))),
      minShares: offer.minShares,
      minAmountYen: BigInt(offer.minAmount.minor),
      dailyLimit: offer.dailyLimit,
      maxPerCustomer: offer.maxPerCustomer,
      available: offer.available,
      boughtToday: offer.mine.boughtToday,
      bought: offer.mine.bought,
    },
    shares,
  );
}

export type RuleTextKey =
  | 'block.rule.window'
  | 'block.rule.minimum-shares'
  | 'block.rule.minimum-amount'
  | 'block.rule.daily-limit'
  | 'block.rule.per-customer-maximum'
  | 'block.rule.available';

const count = (n: number) => n.toLocaleString('en-US');

/** The text key and values of a refusal's detail (null for a rule the sheet does not word: the message says it). */
export function detailText(detail: BlockRefusalDetail, formatTime: (iso: string) => string): { key: RuleTextKey; values: Record<string, string> } | null {
  switch (detail.rule) {
    case 'window':
      return { key: 'block.rule.window', values: { opens: formatTime(detail.opens), closes: formatTime(detail.closes) } };
    case 'minimum-shares':
      return { key: 'block.rule.minimum-shares', values: { minimum: count(detail.minimum), shares: count(detail.shares) } };
    case 'minimum-amount':
      return { key: 'block.rule.minimum-amount', values: { minimum: groupAmount(detail.minimum), amount: groupAmount(detail.amount) } };
    case 'daily-limit':
      return { key: 'block.rule.daily-limit', values: { limit: count(detail.limit), boughtToday: count(detail.boughtToday), shares: count(detail.shares) } };
    case 'per-customer-maximum':
      return { key: 'block.rule.per-customer-maximum', values: { maximum: count(detail.maximum), bought: count(detail.bought), shares: count(detail.shares) } };
    case 'available':
      return { key: 'block.rule.available', values: { available: count(detail.available), shares: count(detail.shares) } };
    default:
      return null;
  }
}
