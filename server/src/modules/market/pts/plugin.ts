// The calls of the sessions beyond Zaraba (docs/api/market.md, docs/trading.md "Sessions and
// venues"): the opening-auction board of the simulated TSE and the simulated PTS night
// session's state and board. Public, like the other market data calls.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PtsBoard, PtsSessionInfo } from '@kabuto/shared-sdk/schemas';
import type { Clock } from '../../../clock';
import { ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';
import { auctionBoard } from '../auction-board';
import { MARKET_API } from '../deps';
import type { SimulatedMarket } from '../provider';
import { answering, codeListSchema, codeSchema, intField, knownInstrument, knownInstruments, langSchema } from '../routes/views';
import type { PtsVenue } from './pts-venue';

/** Most codes one auction-board call may ask for (each may catch its book up to now). */
export const MAX_AUCTION_BOARD_CODES = 30;

const boardForm = z.object({
  codes: codeListSchema(MAX_AUCTION_BOARD_CODES).optional(),
  limit: intField(12, 1, MAX_AUCTION_BOARD_CODES),
  lang: langSchema,
});
const ptsBoardForm = z.object({ code: codeSchema, lang: langSchema });

export interface SessionsPluginOptions {
  market: SimulatedMarket;
  pts: PtsVenue;
  /** The business clock the market runs on. */
  clock: Clock;
}

export function ptsSessionInfo(pts: PtsVenue, now: Date): PtsSessionInfo {
  const s = pts.state(now);
  return {
    venue: 'pts',
    simulated: true,
    open: s.open,
    sessionDate: s.session.date,
    opensAt: new Date(s.session.opensAt).toISOString(),
    closesAt: new Date(s.session.closesAt).toISOString(),
    hours: s.hours,
  };
}

export async function sessionsPlugin(app: FastifyInstance, opts: SessionsPluginOptions): Promise<void> {
  const { market, pts, clock } = opts;

  app.post(
    `${MARKET_API}/auctionBoard`,
    { config: { summary: 'Opening-auction board: indicative Itayose price and volume as the pre-open book builds (simulated)', form: boardForm } },
    async (request) => {
      const form = parseRouteForm(request, boardForm);
      // Default list: the Nikkei 225 stocks in code order (the home shortcut's 協議競價 list).
      const instruments = form.codes
        ? knownInstruments(market, form.codes)
        : market
            .instruments()
            .filter((i) => i.kind === 'stock' && i.nikkei225)
            .sort((a, b) => a.code.localeCompare(b.code))
            .slice(0, form.limit);
      return ok(
        auctionBoard(
          market,
          instruments.map((i) => i.code),
          form.lang,
          clock.now(),
        ),
      );
    },
  );

  app.post(`${MARKET_API}/ptsSession`, { config: { summary: 'The simulated PTS night session: open or not, hours, next session' } }, async () =>
    ok<PtsSessionInfo>(ptsSessionInfo(pts, clock.now())),
  );

  app.post(`${MARKET_API}/ptsBoard`, { config: { summary: 'The simulated PTS book, figures and tape of one stock', form: ptsBoardForm } }, async (request) => {
    const form = parseRouteForm(request, ptsBoardForm);
    const instrument = knownInstrument(market, form.code);
    const quote = answering(() => pts.quote(instrument.code));
    const depth = pts.depth(instrument.code);
    const trades = pts.trades(instrument.code, 20);
    return ok<PtsBoard>({
      venue: 'pts',
      simulated: true,
      session: ptsSessionInfo(pts, clock.now()),
      code: instrument.code,
      name: instrument.name,
      displayName: instrument.name[form.lang],
      lot: quote.lot,
      tickTable: quote.tickTable,
      figuresOf: quote.sessionDate,
      basePrice: quote.previousClose,
      upperLimit: quote.upperLimit,
      lowerLimit: quote.lowerLimit,
      last: quote.last,
      open: quote.open,
      high: quote.high,
      low: quote.low,
      volume: quote.volume,
      turnover: quote.turnover,
      bids: depth.bids,
      asks: depth.asks,
      trades: trades.map((t) => ({ id: t.id, price: t.price, quantity: t.quantity, at: t.at })),
    });
  });
}
