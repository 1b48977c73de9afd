// The site messages a NAV-based fill sends (tw, jp, en): the units and the cash at the day's NAV,
// per 10,000 units, the venue said to be simulated. A redemption the trust's cash did not cover
// gets two: when its NAV prices it (the yen owed, and when it will be paid), and when it is paid.
import type { Notice } from '../../../notifications/templates';

const yen = (n: bigint) => n.toLocaleString('en-US');

export function trustFilledNotice(kind: 'subscribe' | 'redeem', trust: string, date: string, nav: bigint, units: bigint, cash: bigint): Notice {
  if (kind === 'subscribe')
    return {
      kind: 'strategy_trust_filled',
      title: { tw: `投資信託申購成交：${trust}`, jp: `投資信託の購入約定：${trust}`, en: `Trust subscription filled: ${trust}` },
      body: {
        tw: `${date} 的基準價格為每萬單位 ¥${yen(nav)}，您以 ¥${yen(cash)} 取得 ${yen(units)} 單位，餘額已退回（模擬市場）。`,
        jp: `${date} の基準価額（1万口あたり）¥${yen(nav)} で ${yen(units)} 口を ¥${yen(cash)} で購入しました。端数の金額は返金しました（シミュレーション市場）。`,
        en: `At the ${date} NAV of ¥${yen(nav)} per 10,000 units you received ${yen(units)} units for ¥${yen(cash)}; any remainder was returned (simulated venue).`,
      },
    };
  return {
    kind: 'strategy_trust_filled',
    title: { tw: `投資信託贖回成交：${trust}`, jp: `投資信託の解約約定：${trust}`, en: `Trust redemption filled: ${trust}` },
    body: {
      tw: `${date} 的基準價格為每萬單位 ¥${yen(nav)}，您贖回 ${yen(units)} 單位，¥${yen(cash)} 已入帳（模擬市場）。`,
      jp: `${date} の基準価額（1万口あたり）¥${yen(nav)} で ${yen(units)} 口を解約し、¥${yen(cash)} を入金しました（シミュレーション市場）。`,
      en: `At the ${date} NAV of ¥${yen(nav)} per 10,000 units you redeemed ${yen(units)} units; ¥${yen(cash)} was paid to your cash (simulated venue).`,
    },
  };
}

/** A redemption priced at its NAV whose yen the trust owes until its sales raise the cash (trust.ts, payOwedRedemptions). */
export function trustRedemptionOwedNotice(trust: string, date: string, nav: bigint, units: bigint, owed: bigint): Notice {
  return {
    kind: 'strategy_trust_redemption_owed',
    title: { tw: `投資信託贖回已定價：${trust}`, jp: `投資信託の解約価格確定：${trust}`, en: `Trust redemption priced: ${trust}` },
    body: {
      tw: `${date} 的基準價格為每萬單位 ¥${yen(nav)}，您贖回的 ${yen(units)} 單位定價為 ¥${yen(owed)}。信託現金不足以即時支付，信託正在賣出持股；款項足夠時即依申請先後支付，期間顯示於錢包的「投資信託贖回款（已定價，待付）」（模擬市場）。`,
      jp: `${date} の基準価額（1万口あたり）¥${yen(nav)} で ${yen(units)} 口の解約価格が ¥${yen(owed)} に確定しました。信託財産の現金が足りないため保有株を売却中です。売却代金が揃い次第、申込順にお支払いします。それまではウォレットに「投資信託の解約代金（基準価額確定・支払待ち）」として表示されます（シミュレーション市場）。`,
      en: `At the ${date} NAV of ¥${yen(nav)} per 10,000 units your ${yen(units)} units were priced at ¥${yen(owed)}. The trust's cash did not cover it, so the trust is selling holdings; you are paid, in the order redemptions were requested, once the sales cover it. Until then your wallet shows it as "investment trust redemption (priced, proceeds to be paid)" (simulated venue).`,
    },
  };
}
