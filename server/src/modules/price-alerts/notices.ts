// The one notice a fired alert sends: site message (the bell) + outbox copy + push.
// It names the rule, the trade price and time, says it will not be sent again, and that the
// venue is simulated.
import { groupThousands } from '@kabuto/shared-sdk/format';
import { bpToMovePercent } from '@kabuto/shared-sdk/schemas';
import { noticeTimeText } from '../../notifications/money-notices';
import type { Notice } from '../../notifications/templates';
import type { AlertRule } from './rules';
import { yenText } from './views';

type Names = { tw: string; jp: string; en: string };

/** Tenths → grouped yen text ('27905' → '2,790.5'). */
function yen(tenths: number): string {
  const [int = '', frac] = yenText(tenths).split('.');
  return frac ? `${groupThousands(int)}.${frac}` : groupThousands(int);
}

/** `+2.5%` / `-1.2%` of the previous close, one decimal, rounded toward zero. */
function signedMove(price: number, previousClose: number): string {
  const tenthsOfPercent = Math.trunc(((price - previousClose) * 1000) / previousClose);
  const sign = tenthsOfPercent < 0 ? '-' : '+';
  return `${sign}${bpToMovePercent(Math.abs(tenthsOfPercent) * 10)}%`;
}

function ruleText(rule: AlertRule): Names {
  if (rule.kind === 'above' && rule.price !== null) {
    const p = yen(rule.price);
    return { tw: `成交價達到或高於 ¥${p}`, jp: `約定価格が ¥${p} 以上`, en: `a trade at or above ¥${p}` };
  }
  if (rule.kind === 'below' && rule.price !== null) {
    const p = yen(rule.price);
    return { tw: `成交價達到或低於 ¥${p}`, jp: `約定価格が ¥${p} 以下`, en: `a trade at or below ¥${p}` };
  }
  const pct = bpToMovePercent(rule.moveBp ?? 0);
  if (rule.direction === 'up')
    return { tw: `較前日收盤上漲 ${pct}% 以上`, jp: `前日終値から ${pct}% 以上の上昇`, en: `a rise of ${pct}% or more from the previous close` };
  if (rule.direction === 'down')
    return { tw: `較前日收盤下跌 ${pct}% 以上`, jp: `前日終値から ${pct}% 以上の下落`, en: `a fall of ${pct}% or more from the previous close` };
  return { tw: `較前日收盤漲跌 ${pct}% 以上`, jp: `前日終値から ${pct}% 以上の変動`, en: `a move of ${pct}% or more from the previous close` };
}

/** `simulated`: the business clock is the demo clock, so the time is simulated time. */
export function alertNotice(
  code: string,
  names: Names,
  rule: AlertRule,
  trade: { price: number; at: Date; simulated: boolean },
  previousClose: number,
): Notice {
  const r = ruleText(rule);
  const price = yen(trade.price);
  const when = noticeTimeText({ at: trade.at, simulated: trade.simulated });
  const move = signedMove(trade.price, previousClose);
  return {
    kind: 'price_alert',
    title: { tw: `價格提醒：${names.tw}（${code}）`, jp: `株価アラート：${names.jp}（${code}）`, en: `Price alert: ${names.en} (${code})` },
    body: {
      tw: `${code} 於 ${when.tw} 成交 ¥${price}（較前日收盤 ${move}），符合條件：${r.tw}。此提醒只發送一次（模擬市場）。`,
      jp: `${code} が ${when.jp} に ¥${price}（前日終値比 ${move}）で約定し、条件「${r.jp}」に達しました。このアラートの通知は1回のみです（シミュレーション市場）。`,
      en: `${code} traded at ¥${price} (${move} from the previous close) at ${when.en}, meeting your rule: ${r.en}. This alert is sent once only (simulated market).`,
    },
  };
}
