// Operator side of the IPO module under /api/ops/ipo (docs/api/ipo.md §Ops): create an issue
// (dates absolute or in seconds from now on the business clock), fix the offer price, close
// book-building, draw, list. JSON, Bearer operator credential; each step audited in its transaction.
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import { IPO_LOTTERY_MODELS, IPO_MARKETS } from '@kabuto/shared-sdk/schemas';
import { ok } from '../../http/envelope';
import { parseRouteForm, parseRouteParams } from '../../http/parse-form';
import { currentOperator, operatorsOnly, scheduledAt } from '../ops';
import { OPS_IPO_API, type IpoDeps } from './deps';
import { closeBookBuilding, createIssue, drawIssue, listIssue, setOfferPrice } from './lifecycle';
import { ipoIssues, type IpoIssueRow } from './schema';
import { issueStatus } from './status';

const reason = z.string().trim().max(500).optional();
const invalid = { error: MSG.ipoIssueInvalid };
const yen = z.coerce.number(invalid).int(invalid).positive(invalid);
const when = z.union([z.iso.datetime({ offset: true }), z.coerce.number(invalid).int(invalid).min(0, invalid)], invalid);
const createBody = z.object({
  code: z
    .string(invalid)
    .trim()
    // A TSE securities code (digits 1st and 3rd; digit or letter 2nd and 4th): the venue lists it.
    .regex(/^\d[0-9A-Z]\d[0-9A-Z]$/, invalid),
  names: z.object(
    { tw: z.string(invalid).trim().min(1, invalid), jp: z.string(invalid).trim().min(1, invalid), en: z.string(invalid).trim().min(1, invalid) },
    invalid,
  ),
  market: z.enum(IPO_MARKETS, invalid).default('growth'),
  priceLower: yen,
  priceUpper: yen,
  offerPrice: yen.optional(),
  unitsAvailable: z.coerce.number(invalid).int(invalid).positive(invalid),
  maxUnitsPerCustomer: z.coerce.number(invalid).int(invalid).positive(invalid),
  lotteryModel: z.enum(IPO_LOTTERY_MODELS, invalid).default('perCustomer'),
  /** Each date: an ISO instant, or seconds from now on the business clock. */
  bookBuildingStart: when.default(0),
  bookBuildingEnd: when,
  lotteryAt: when,
  paymentDeadline: when,
  listingAt: when,
  reason,
});
const codeParams = z.object({ code: z.string().regex(/^[0-9A-Z]{4}$/, { error: MSG.ipoIssueNotFound }) });
const priceBody = z.object({ price: yen, reason });
const reasonBody = z.object({ reason });

export function opsIssueView(issue: IpoIssueRow, now: Date) {
  return {
    code: issue.code,
    names: issue.names,
    status: issueStatus(issue, now),
    priceLower: issue.priceLower,
    priceUpper: issue.priceUpper,
    offerPrice: issue.offerPrice,
    unitsAvailable: issue.unitsAvailable,
    maxUnitsPerCustomer: issue.maxUnitsPerCustomer,
    lotteryModel: issue.lotteryModel,
    bookBuildingStart: issue.bookBuildingStart.toISOString(),
    bookBuildingEnd: issue.bookBuildingEnd.toISOString(),
    lotteryAt: issue.lotteryAt.toISOString(),
    paymentDeadline: issue.paymentDeadline.toISOString(),
    listingAt: issue.listingAt.toISOString(),
    commitment: issue.commitment,
    drawnAt: issue.drawnAt?.toISOString() ?? null,
    listedAt: issue.listedAt?.toISOString() ?? null,
    simulated: issue.simulated,
  };
}

export async function ipoOpsRoutes(app: FastifyInstance, deps: IpoDeps): Promise<void> {
  operatorsOnly(app);
  const now = () => deps.businessClock.now();
  const at = (v: string | number) => scheduledAt(now(), v);

  app.get(`${OPS_IPO_API}/issues`, { config: { summary: 'Every issue with its schedule and status' } }, async () => {
    const rows = await deps.db.select().from(ipoIssues).orderBy(asc(ipoIssues.id));
    return ok(rows.map((r) => opsIssueView(r, now())));
  });

  app.post(`${OPS_IPO_API}/issues`, { config: { summary: 'Create an issue (commits to the lottery seed)', form: createBody } }, async (request) => {
    const b = parseRouteForm(request, createBody);
    const row = await createIssue(
      deps,
      currentOperator(request),
      {
        code: b.code,
        names: b.names,
        market: b.market,
        priceLower: b.priceLower,
        priceUpper: b.priceUpper,
        offerPrice: b.offerPrice ?? null,
        unitsAvailable: b.unitsAvailable,
        maxUnitsPerCustomer: b.maxUnitsPerCustomer,
        lotteryModel: b.lotteryModel,
        bookBuildingStart: at(b.bookBuildingStart),
        bookBuildingEnd: at(b.bookBuildingEnd),
        lotteryAt: at(b.lotteryAt),
        paymentDeadline: at(b.paymentDeadline),
        listingAt: at(b.listingAt),
      },
      b.reason ?? null,
    );
    return ok(opsIssueView(row, now()));
  });

  app.post(
    `${OPS_IPO_API}/issues/:code/offer-price`,
    { config: { summary: 'Fix the offer price inside the range', form: priceBody, params: codeParams } },
    async (request) => {
      const { code } = parseRouteParams(request, codeParams);
      const b = parseRouteForm(request, priceBody);
      return ok(opsIssueView(await setOfferPrice(deps, currentOperator(request), code, b.price, b.reason ?? null), now()));
    },
  );

  app.post(`${OPS_IPO_API}/issues/:code/close`, { config: { summary: 'End book-building now', form: reasonBody, params: codeParams } }, async (request) => {
    const { code } = parseRouteParams(request, codeParams);
    return ok(opsIssueView(await closeBookBuilding(deps, currentOperator(request), code, parseRouteForm(request, reasonBody).reason ?? null), now()));
  });

  app.post(
    `${OPS_IPO_API}/issues/:code/draw`,
    { config: { summary: 'Draw now (once; book-building must be closed)', form: reasonBody, params: codeParams } },
    async (request) => {
      const { code } = parseRouteParams(request, codeParams);
      return ok(opsIssueView(await drawIssue(deps, currentOperator(request), code, parseRouteForm(request, reasonBody).reason ?? null), now()));
    },
  );

  app.post(
    `${OPS_IPO_API}/issues/:code/list`,
    { config: { summary: 'End the payment period now (unpaid winners released) and list: paid shares become holdings', form: reasonBody, params: codeParams } },
    async (request) => {
      const { code } = parseRouteParams(request, codeParams);
      return ok(opsIssueView(await listIssue(deps, currentOperator(request), code, parseRouteForm(request, reasonBody).reason ?? null), now()));
    },
  );
}
