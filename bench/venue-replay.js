// Venue takeover bench: how long a new leader takes to replay a day's input log
// (docs/operations.md "The venue input log"), beside how long the live venue took to act on the
// same inputs, in one run. The live venue is the simulated TSE as a leader runs it (default
// universe and seed, its participants on); customers' limit and market orders and cancels on
// BENCH_REPLAY_CODES codes arrive spread over the day from the open to BENCH_REPLAY_UNTIL (JST,
// default 15:00), with the venue quoted between them as screens would. The log is then replayed
// into a fresh venue at the logged times, as OrderEngine.replayVenueLog does at a takeover, and
// its fills of our orders are compared with the live ones (they must be identical).
// Needs `npx lerna run build --scope @kabuto/server`. Run alone: `node bench/venue-replay.js`
// (BENCH_REPLAY_INPUTS, default 100,000; BENCH_REPLAY_CODES, default 10).
const os = require('os');
const { need, prng } = require('./support');

const INPUTS = Number(process.env.BENCH_REPLAY_INPUTS ?? 100_000);
const CODES = Number(process.env.BENCH_REPLAY_CODES ?? 10);
const UNTIL = process.env.BENCH_REPLAY_UNTIL ?? '15:00';
const DATE = '2025-01-06';

function venue(clock) {
  const { createMarketRuntime, DEFAULT_MARKET_SEED } = need('modules/market/index.js');
  return createMarketRuntime({ clock, seed: DEFAULT_MARKET_SEED }).market;
}

function main() {
  const { fixedClock } = need('clock.js');
  const { atJst } = need('modules/market/rules/calendar.js');
  const [h, m] = UNTIL.split(':').map(Number);
  const open = atJst(DATE, 9 * 3600 + 5).getTime();
  const end = atJst(DATE, h * 3600 + m * 60).getTime();
  const clock = fixedClock(new Date(open));
  const live = venue(clock);
  const codes = live
    .instruments()
    .filter((i) => i.kind === 'stock' && !i.listedOn)
    .slice(0, CODES)
    .map((i) => i.code);
  const rnd = prng(20261204);
  const log = [];
  const fillsOf = (market) => {
    const fills = [];
    market.onFill((f) => {
      if (f.ownerId.startsWith('u')) fills.push(`${f.clientOrderId}|${f.tradeId}|${f.price}|${f.quantity}`);
    });
    return fills;
  };
  const liveFills = fillsOf(live);
  const resting = [];
  const started = process.hrtime.bigint();
  for (let i = 0; i < INPUTS; i++) {
    const at = new Date(open + Math.floor(((end - open) * i) / INPUTS));
    clock.set(at);
    const r = rnd();
    if (r < 0.2 && resting.length > 0) {
      const [orderId, ownerId] = resting.splice((rnd() * resting.length) | 0, 1)[0];
      log.push({ kind: 'cancel', orderId, ownerId, at });
      live.cancelOrder(orderId, ownerId, at);
      continue;
    }
    const code = codes[(rnd() * codes.length) | 0];
    const q = live.quote(code);
    const ownerId = `u${1 + ((rnd() * 500) | 0)}`;
    const side = rnd() < 0.5 ? 'buy' : 'sell';
    const ref = q.last ?? q.previousClose;
    const order =
      r < 0.3
        ? { code, side, type: 'market', quantity: q.lot, ownerId, clientOrderId: `k${i}` }
        : {
            code,
            side,
            type: 'limit',
            // −2 to 9 ticks from the last price: mostly resting on the book's side, some through it.
            price: onTicks(live, code, ref, (side === 'buy' ? -1 : 1) * (((rnd() * 12) | 0) - 2)),
            quantity: q.lot * (1 + ((rnd() * 3) | 0)),
            ownerId,
            clientOrderId: `k${i}`,
          };
    log.push({ kind: 'submit', order, at });
    const result = live.submitOrder(order, at);
    if (result.status === 'accepted' && order.type === 'limit') resting.push([result.orderId, ownerId]);
  }
  const liveSeconds = Number(process.hrtime.bigint() - started) / 1e9;

  // The takeover: a fresh venue, today's books started again, the log at its times, all at once.
  const fresh = venue(fixedClock(new Date(end)));
  const replayFills = fillsOf(fresh);
  const cpu = process.cpuUsage();
  const replayStarted = process.hrtime.bigint();
  fresh.restartDay();
  for (const input of log) {
    if (input.kind === 'submit') fresh.submitOrder(input.order, input.at);
    else fresh.cancelOrder(input.orderId, input.ownerId, input.at);
  }
  const replaySeconds = Number(process.hrtime.bigint() - replayStarted) / 1e9;
  const used = process.cpuUsage(cpu);
  const identical = replayFills.length === liveFills.length && replayFills.every((f, i) => f === liveFills[i]);
  const result = {
    machine: { cpus: os.cpus().length, load: os.loadavg().map((x) => Number(x.toFixed(2))) },
    day: `${DATE} 09:00:05–${UNTIL} JST`,
    codes: codes.length,
    inputs: log.length,
    ourFills: liveFills.length,
    identical,
    liveSeconds: Number(liveSeconds.toFixed(2)),
    replaySeconds: Number(replaySeconds.toFixed(2)),
    replayCpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(2)),
    replayInputsPerSecond: Math.round(log.length / replaySeconds),
    replayToLive: Number((replaySeconds / liveSeconds).toFixed(2)),
  };
  console.log(JSON.stringify(result, null, 2));
  if (!identical) process.exitCode = 1;
}

/** `ticks` ticks above (below, when negative) `price`, within the day's limits. */
function onTicks(market, code, price, ticks) {
  const { tickAbove, tickBelow } = require('@kabuto/shared-sdk/market-rules');
  const q = market.quote(code);
  const table = market.tickTable(code);
  let p = price;
  for (let i = 0; i < Math.abs(ticks); i++) p = ticks > 0 ? tickAbove(p, table) : tickBelow(p, table);
  return Math.min(q.upperLimit, Math.max(q.lowerLimit, p));
}

main();
