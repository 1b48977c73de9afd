// Trading bench (b): in-process venue matching throughput, orders/s (goal ≥ 500k/s).
// One instrument book in Zaraba, driven through the same entry the trading module uses for
// customer orders (TradingDay.submitOrder / cancelOrder: reserved-owner check, once-a-day
// client order id, session mode, lot, tick and daily-limit checks), with trade and fill
// listeners attached and the book keeping its tape. The flow is a seeded mix generated before
// the clock starts, so the timed loop measures the venue and not the generator:
//  - passive limit orders 1–10 ticks behind a drifting fair value (a book several levels deep),
//  - marketable limit orders up to 3 ticks through the fair value (sweeping one or more levels),
//  - market orders,
//  - cancels of an order entered shortly before (some already filled: 'not-open', as in life).
// Sizes are 1–8 lots. Orders/s counts every request the venue handles, new orders and cancels
// (a fifth of the flow); new orders alone are reported too. The book ends a round some 75
// levels and 35k resting orders deep. Each round uses a fresh trading day; round 1 is cold
// (JIT warm-up) and the median is taken over all rounds. Needs `npx lerna run build --scope @kabuto/server`.
// Run alone: `node bench/venue-matching.js` (BENCH_MATCH_ORDERS, BENCH_MATCH_ROUNDS).
const os = require('os');

const { need, prng } = require('./support');
const CODE = '8306';
const BASE = 20_000; // ¥2,000.0 in tenths: table 03 tick ¥0.5, daily limit ±¥500
const TICK = 5;
const CUSTOMERS = 1_000;
/** Cancels reach back up to this many submits (a power of two). */
const RING = 4096;
/** Shares of the flow: passive limit, marketable limit, market; the rest are cancels. */
const MIX = { passive: 0.42, marketable: 0.27, market: 0.11 };

/**
 * The flow in flat arrays (kind 0 limit, 1 market, 2 cancel). The timed loop builds each request
 * object as a caller would, so the generated flow does not sit in the heap as objects.
 */
function makeFlow(n) {
  const rnd = prng(20250106);
  const flow = { n, kind: new Uint8Array(n), buy: new Uint8Array(n), price: new Int32Array(n), quantity: new Int32Array(n), owner: new Int32Array(n) };
  let fair = BASE;
  const counts = { passive: 0, marketable: 0, market: 0, cancel: 0 };
  for (let i = 0; i < n; i++) {
    // Mean-reverting walk of the fair value, one tick at a time.
    if (i % 64 === 0) fair += (rnd() < 0.5 + (BASE - fair) / (400 * TICK) ? 1 : -1) * TICK;
    const r = rnd();
    const buy = rnd() < 0.5;
    const sign = buy ? 1 : -1;
    flow.buy[i] = buy ? 1 : 0;
    flow.owner[i] = (rnd() * CUSTOMERS) | 0;
    flow.quantity[i] = (1 + ((rnd() * 8) | 0)) * 100;
    if (r < MIX.passive) {
      counts.passive += 1;
      flow.price[i] = fair - sign * (1 + ((rnd() * 10) | 0)) * TICK;
    } else if (r < MIX.passive + MIX.marketable) {
      counts.marketable += 1;
      flow.price[i] = fair + sign * ((rnd() * 4) | 0) * TICK;
    } else if (r < MIX.passive + MIX.marketable + MIX.market) {
      counts.market += 1;
      flow.kind[i] = 1;
    } else {
      counts.cancel += 1;
      flow.kind[i] = 2;
      // How many submits back the cancelled order was entered.
      flow.quantity[i] = 1 + ((rnd() * RING) | 0);
    }
  }
  return { flow, counts };
}

function round({ flow }) {
  const { TradingDay } = need('modules/market/venue/trading-day.js');
  const { atJst } = need('modules/market/rules/calendar.js');
  const date = '2025-01-06';
  const day = new TradingDay(date, [{ code: CODE, basePrice: BASE, tickTable: '03', lot: 100 }], 'bench');
  const seen = { trades: 0, fills: 0, volume: 0 };
  day.listen({
    trade: (t) => {
      seen.trades += 1;
      seen.volume += t.quantity;
    },
    fill: () => (seen.fills += 1),
  });
  const ownerIds = Array.from({ length: CUSTOMERS }, (_, i) => `u${i}`);
  let at = atJst(date, 9 * 3600 + 1).getTime();
  day.advance(CODE, at);
  const ids = new Array(RING);
  const owners = new Array(RING);
  let submitted = 0;
  const out = { accepted: 0, rejected: 0, cancelled: 0, notOpen: 0 };
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < flow.n; i++) {
    const kind = flow.kind[i];
    at += 1;
    if (kind === 2) {
      const back = flow.quantity[i];
      if (submitted < back) continue;
      const k = (submitted - back) & (RING - 1);
      const r = day.cancelOrder(ids[k], owners[k], at);
      if (r.status === 'cancelled') out.cancelled += 1;
      else out.notOpen += 1;
      continue;
    }
    const ownerId = ownerIds[flow.owner[i]];
    const side = flow.buy[i] === 1 ? 'buy' : 'sell';
    const req =
      kind === 0
        ? { code: CODE, side, type: 'limit', price: flow.price[i], quantity: flow.quantity[i], ownerId, clientOrderId: `c${i}` }
        : { code: CODE, side, type: 'market', quantity: flow.quantity[i], ownerId, clientOrderId: `c${i}` };
    const r = day.submitOrder(req, at);
    if (r.status === 'accepted') {
      out.accepted += 1;
      ids[submitted & (RING - 1)] = r.orderId;
      owners[submitted & (RING - 1)] = ownerId;
      submitted += 1;
    } else out.rejected += 1;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const book = day.book(CODE);
  const snap = book.snapshot(at, 1_000);
  const resting = [...snap.bids, ...snap.asks].reduce((a, l) => a + l.orders, 0);
  return {
    ordersPerSec: Math.round(flow.n / seconds),
    ordersPerCpuSec: Math.round(flow.n / cpuSeconds),
    newOrdersPerSec: Math.round((out.accepted + out.rejected) / seconds),
    seconds,
    ...out,
    ...seen,
    tapeKept: book.tape().length,
    levels: book.levelCounts(),
    restingOrders: resting,
    specialQuote: snap.specialQuote !== null,
    last: book.stats().last,
  };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Rounds over one generated flow; throughput per round, median and spread. */
function matchingBench({ orders = Number(process.env.BENCH_MATCH_ORDERS ?? 400_000), rounds = Number(process.env.BENCH_MATCH_ROUNDS ?? 5) } = {}) {
  const flow = makeFlow(orders);
  // Other work on the machine moves the wall-clock figures; the load says how much there was.
  const loadBefore = os.loadavg()[0];
  const results = [];
  for (let r = 0; r < rounds; r++) results.push(round(flow));
  const rates = results.map((r) => r.ordersPerSec);
  const cpuRates = results.map((r) => r.ordersPerCpuSec);
  const last = { ...results[results.length - 1] };
  delete last.ordersPerSec;
  delete last.ordersPerCpuSec;
  delete last.newOrdersPerSec;
  delete last.seconds;
  return {
    operations: orders,
    mix: flow.counts,
    perRound: rates,
    medianOrdersPerSec: median(rates),
    spread: { min: Math.min(...rates), max: Math.max(...rates) },
    medianNewOrdersPerSec: median(results.map((r) => r.newOrdersPerSec)),
    // Orders per second of this process's CPU time (GC threads included): steadier than the
    // wall clock when other work shares the machine.
    perRoundPerCpuSecond: cpuRates,
    medianOrdersPerCpuSec: median(cpuRates),
    loadAverage1m: { before: loadBefore, after: os.loadavg()[0], cpus: os.cpus().length },
    lastRound: last,
  };
}

module.exports = { matchingBench };

if (require.main === module) {
  console.log(JSON.stringify({ bench: 'venue matching (in process, one book, customer entry path)', ...matchingBench(), goal: '>= 500000 orders/s' }, null, 2));
}
