// The site message a NAV-based fill sends (tw, jp, en): the units and the cash at the day's NAV,
// per 10,000 units, the venue said to be simulated.
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
