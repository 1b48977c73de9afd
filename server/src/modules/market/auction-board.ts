// The opening-auction board (the spec's agreement bidding: 開盤競價 / 寄付（板寄せ）, docs/trading.md
// "Sessions and venues"): during an opening auction's order-acceptance window (08:00–09:00,
// 12:05–12:30, §2.1) each stock's indicative price and volume — the Itayose its building book
// would run now, as TSE's pre-open display shows — and, after the Itayose, what it did. Outside
// the windows the board names the next opening window and shows the results of the day's latest
// Itayose (the closing auction's among them). The closing auction is not this page's window: an
// order entered during 15:25–15:30 joins it through the ordinary order path. All simulated.
import type { AuctionBoard, AuctionBoardRow, AuctionOutcome, AuctionWindow } from '@kabuto/shared-sdk/schemas';
import { jstSecondOfDay } from '../../clock';
import { SESSION_TIMES, atJst, isBusinessDay, jstDateKey, nextBusinessDay, phaseAt, type DateKey } from './rules/calendar';
import type { SimulatedMarket } from './provider';
import type { AuctionResult } from './venue/types';

type WindowKind = AuctionWindow['kind'];

const WINDOWS: readonly { kind: WindowKind; from: number; to: number }[] = [
  { kind: 'morning-open', from: SESSION_TIMES.preOpen, to: SESSION_TIMES.morningOpen },
  { kind: 'afternoon-open', from: SESSION_TIMES.afternoonPreOpen, to: SESSION_TIMES.afternoonOpen },
];

function windowOn(date: DateKey, w: (typeof WINDOWS)[number], open: boolean): AuctionWindow {
  return { kind: w.kind, from: atJst(date, w.from).toISOString(), to: atJst(date, w.to).toISOString(), open };
}

/** The auction window open at `now`, else the next one to open. */
export function auctionWindowAt(now: Date): AuctionWindow {
  const today = jstDateKey(now);
  const second = jstSecondOfDay(now);
  if (isBusinessDay(today)) {
    for (const w of WINDOWS) {
      if (second >= w.from && second < w.to) return windowOn(today, w, true);
      if (second < w.from) return windowOn(today, w, false);
    }
  }
  return windowOn(nextBusinessDay(today), WINDOWS[0] as (typeof WINDOWS)[number], false);
}

export function auctionOutcome(r: AuctionResult): AuctionOutcome {
  return { kind: r.kind, at: new Date(r.at).toISOString(), price: r.price, volume: r.volume, specialQuote: r.specialQuote };
}

/** One stock's row: live indicative figures while its book accumulates, and its latest Itayose. */
export function auctionBoardRow(market: SimulatedMarket, code: string, lang: 'tw' | 'jp' | 'en', windowOpen: boolean): AuctionBoardRow {
  const instrument = market.instrument(code);
  if (!instrument) throw new Error(`unknown instrument ${code}`);
  const snap = market.simulator.snapshot(code, 1);
  const stats = market.simulator.stats(code);
  // Only an accumulating book has an indicative price (a continuous one matches as orders come).
  const indicative = windowOpen ? market.simulator.indicative(code) : null;
  const results = market.simulator.auctionResults(code);
  const last = results[results.length - 1];
  return {
    code,
    name: instrument.name,
    displayName: instrument.name[lang],
    lot: instrument.lot,
    basePrice: stats.previousClose,
    indicativePrice: indicative?.price ?? null,
    indicativeVolume: indicative?.volume ?? null,
    bestBid: snap.bids[0]?.price ?? null,
    bestAsk: snap.asks[0]?.price ?? null,
    marketBuyQuantity: snap.marketBuyQuantity,
    marketSellQuantity: snap.marketSellQuantity,
    lastAuction: last ? auctionOutcome(last) : null,
  };
}

export function auctionBoard(market: SimulatedMarket, codes: readonly string[], lang: 'tw' | 'jp' | 'en', now: Date): AuctionBoard {
  const window = auctionWindowAt(now);
  return {
    simulated: true,
    venue: 'tse',
    phase: phaseAt(now),
    window,
    now: now.toISOString(),
    items: codes.map((code) => auctionBoardRow(market, code, lang, window.open)),
  };
}
