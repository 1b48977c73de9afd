// The broker's published algorithmic strategies: which rule, on which issue, with which parameters
// and capital, and the rule in plain words (tw, jp, en). Kabuto's own choices; the rules are the
// textbook channel breakout and Bollinger-band reversion, published so anyone can recompute them.
import type { MeanReversionParams, MomentumParams } from './rules';

interface AlgorithmBase {
  /** Stable key: the account, the strategy and every day's run are found by it. */
  key: string;
  name: string;
  /** The one issue it trades on the simulated venue. */
  code: string;
  /** Simulated capital moved from the broker's capital account when the strategy is created, yen. */
  capitalYen: bigint;
  /** Share of the cash (percent) a buy takes at the last close, in whole lots. */
  allocationPercent: number;
}
export type AlgorithmDefinition =
  (AlgorithmBase & { rule: 'momentum'; params: MomentumParams }) | (AlgorithmBase & { rule: 'meanReversion'; params: MeanReversionParams });

export interface AlgorithmsConfig {
  definitions: readonly AlgorithmDefinition[];
  /** JST seconds of day of the daily run: after the morning open, so the venue has traded. */
  runSecondOfDay: number;
  /** How often a real (non-stepped) clock checks whether today's run is due, ms (0: only when called). */
  checkMs: number;
}

/**
 * The algorithms the server publishes (main.ts passes them; an app built without them, as every
 * test app is, has none, so no test's accounts, ledger or strategy list gains them unasked).
 */
export const PUBLISHED_ALGORITHMS: readonly AlgorithmDefinition[] = [
  {
    key: 'momentum-7203',
    name: 'Momentum breakout 7203 (algorithmic, rules published)',
    rule: 'momentum',
    code: '7203',
    params: { entryDays: 20, exitDays: 10 },
    capitalYen: 10_000_000n,
    allocationPercent: 50,
  },
  {
    key: 'mean-reversion-8306',
    name: 'Mean reversion 8306 (algorithmic, rules published)',
    rule: 'meanReversion',
    code: '8306',
    params: { windowDays: 20, kTenths: 20 },
    capitalYen: 10_000_000n,
    allocationPercent: 50,
  },
];

export const DEFAULT_ALGORITHMS_CONFIG: AlgorithmsConfig = {
  definitions: [],
  runSecondOfDay: 9 * 3600 + 15 * 60,
  checkMs: 60_000,
};

export type RulesText = { tw: string; jp: string; en: string };

/** The rule in plain words, with the parameters filled in. */
export function rulesText(d: AlgorithmDefinition): RulesText {
  const pct = d.allocationPercent;
  if (d.rule === 'momentum') {
    const { entryDays: m, exitDays: x } = d.params;
    return {
      tw: `演算法策略（規則公開），在模擬市場交易 ${d.code}。每個營業日開盤後，依前一交易日為止的每日收盤價判斷：最新收盤價高於之前 ${m} 個交易日的最高收盤價，且未持股時，以現金的 ${pct}% 按收盤價換算的整數單位市價買進；最新收盤價低於之前 ${x} 個交易日的最低收盤價，且持股時，市價賣出全部持股；其他情況不交易。不預測價格，不保證獲利。`,
      jp: `アルゴリズム戦略（ルール公開）。模擬市場で ${d.code} を売買します。毎営業日の寄付き後、前営業日までの日足終値で判断します：直近の終値がその前 ${m} 営業日の終値の最高値を上回り、保有がなければ、現金の ${pct}% を終値で換算した単元数を成行で買付。直近の終値がその前 ${x} 営業日の終値の最安値を下回り、保有があれば、全株を成行で売却。それ以外は取引しません。価格を予測するものではなく、利益を保証するものではありません。`,
      en: `Algorithmic strategy (rules published) trading ${d.code} on the simulated venue. Each business day after the open it looks at the daily closes up to the previous session: if the latest close is above the highest close of the ${m} sessions before it and it holds nothing, it buys at market as many whole lots as ${pct}% of its cash buys at that close; if the latest close is below the lowest close of the ${x} sessions before it and it holds shares, it sells them all at market; otherwise it does nothing. It does not predict prices and guarantees nothing.`,
    };
  }
  const { windowDays: w, kTenths } = d.params;
  const k = (kTenths / 10).toFixed(1);
  return {
    tw: `演算法策略（規則公開），在模擬市場交易 ${d.code}。每個營業日開盤後，依前一交易日為止最近 ${w} 個交易日的收盤價計算平均值與標準差 σ：最新收盤價低於平均值減 ${k}σ，且未持股時，以現金的 ${pct}% 按收盤價換算的整數單位市價買進；最新收盤價回到平均值以上，且持股時，市價賣出全部持股；其他情況不交易。不預測價格，不保證獲利。`,
    jp: `アルゴリズム戦略（ルール公開）。模擬市場で ${d.code} を売買します。毎営業日の寄付き後、前営業日までの直近 ${w} 営業日の終値の平均と標準偏差 σ を計算します：直近の終値が平均 − ${k}σ を下回り、保有がなければ、現金の ${pct}% を終値で換算した単元数を成行で買付。直近の終値が平均以上に戻り、保有があれば、全株を成行で売却。それ以外は取引しません。価格を予測するものではなく、利益を保証するものではありません。`,
    en: `Algorithmic strategy (rules published) trading ${d.code} on the simulated venue. Each business day after the open it takes the last ${w} daily closes up to the previous session, their mean and standard deviation σ: if the latest close is below the mean − ${k}σ and it holds nothing, it buys at market as many whole lots as ${pct}% of its cash buys at that close; if the latest close is back at or above the mean and it holds shares, it sells them all at market; otherwise it does nothing. It does not predict prices and guarantees nothing.`,
  };
}
