// Answers of the customer calls (docs/api/ipo.md) built from the rows.
import {
  IPO_DRAW_ALGORITHM,
  type IpoApplication,
  type IpoDrawPublication,
  type IpoIssueItem,
  type IpoMarket,
  type IpoShareRecord,
} from '@kabuto/shared-sdk/schemas';
import { toMoney } from '../funds';
import type { IpoApplicationRow, IpoIssueRow } from './schema';
import { applicationActions, applicationStatus, issueStatus } from './status';

export const jpy = (yen: bigint) => toMoney('JPY', yen);

/** JST calendar date of an instant ('YYYY-MM-DD'). */
export function jstDay(d: Date): string {
  return new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

const lotsOf = (issue: IpoIssueRow, shares: number) => Math.floor(shares / issue.lot);

export function issueView(issue: IpoIssueRow, mine: IpoApplicationRow | null, applicants: number, now: Date): IpoIssueItem {
  const status = issueStatus(issue, now);
  return {
    code: issue.code,
    name: issue.names,
    market: issue.market as IpoMarket,
    status,
    simulated: true,
    priceLower: String(issue.priceLower),
    priceUpper: String(issue.priceUpper),
    offerPrice: issue.offerPrice === null ? null : String(issue.offerPrice),
    lotShares: issue.lot,
    lotsAvailable: lotsOf(issue, issue.unitsAvailable),
    maxQuantity: issue.maxUnitsPerCustomer,
    lotteryModel: issue.lotteryModel,
    bookStartAt: issue.bookBuildingStart.toISOString(),
    bookEndAt: issue.bookBuildingEnd.toISOString(),
    ...drawToListing(issue),
    requiredPerLot: jpy(BigInt(issue.lot) * BigInt(issue.priceUpper)),
    commitment: status === 'upcoming' ? null : issue.commitment,
    applicants,
    myApplication: mine ? { id: mine.id, status: applicationStatus(issue, mine, now), quantity: mine.units } : null,
    actions: status === 'applying' && !mine ? ['apply'] : [],
  };
}

/** The schedule from the draw to the listing, as both the issue and an application show it. */
function drawToListing(issue: IpoIssueRow) {
  return {
    lotteryAt: issue.lotteryAt.toISOString(),
    // Payment opens with the draw's result.
    paymentStartAt: issue.lotteryAt.toISOString(),
    paymentDeadlineAt: issue.paymentDeadline.toISOString(),
    listingDate: jstDay(issue.listingAt),
    issueDate: jstDay(issue.listingAt),
  };
}

export function applicationView(issue: IpoIssueRow, app: IpoApplicationRow, now: Date): IpoApplication {
  return {
    id: app.id,
    applicationNo: `IPO${String(app.id).padStart(8, '0')}`,
    drawId: app.pid,
    code: issue.code,
    name: issue.names,
    status: applicationStatus(issue, app, now),
    quantity: app.units,
    lots: lotsOf(issue, app.units),
    wonQuantity: app.wonUnits,
    wonLots: lotsOf(issue, app.wonUnits),
    priceUpper: String(issue.priceUpper),
    offerPrice: issue.offerPrice === null ? null : String(issue.offerPrice),
    totalPrice: jpy(BigInt(app.wonUnits) * BigInt(issue.offerPrice ?? 0)),
    escrowed: jpy(app.escrowed),
    refunded: jpy(app.refunded),
    amountPaid: jpy(app.paid),
    appliedAt: app.createdAt.toISOString(),
    bookEndAt: issue.bookBuildingEnd.toISOString(),
    ...drawToListing(issue),
    paidAt: app.state === 'paid' && app.decidedAt ? app.decidedAt.toISOString() : null,
    actions: applicationActions(issue, app, now),
    simulated: true,
  };
}

export function shareRecordView(issue: IpoIssueRow, app: IpoApplicationRow, now: Date): IpoShareRecord {
  return {
    id: app.id,
    code: issue.code,
    name: issue.names,
    status: applicationStatus(issue, app, now),
    issuePrice: issue.offerPrice === null ? null : String(issue.offerPrice),
    applicationQuantity: app.units,
    totalLots: lotsOf(issue, app.units),
    subscribedAt: app.createdAt.toISOString(),
    paymentDeadlineAt: issue.paymentDeadline.toISOString(),
    lotteryAt: issue.lotteryAt.toISOString(),
    listingDate: jstDay(issue.listingAt),
    issueDate: jstDay(issue.listingAt),
    wonQuantity: app.wonUnits,
    wonLots: lotsOf(issue, app.wonUnits),
    amountPaid: jpy(app.paid),
    simulated: true,
  };
}

/** The public draw: applications once book-building has closed, the seed and winners only after the draw. */
export function drawView(issue: IpoIssueRow, apps: IpoApplicationRow[], now: Date): IpoDrawPublication {
  const status = issueStatus(issue, now);
  const closed = status !== 'upcoming' && status !== 'applying';
  const drawn = issue.drawnAt !== null;
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return {
    code: issue.code,
    name: issue.names,
    algorithm: IPO_DRAW_ALGORITHM,
    model: issue.lotteryModel,
    lotsAvailable: lotsOf(issue, issue.unitsAvailable),
    commitment: issue.commitment,
    committedAt: issue.createdAt.toISOString(),
    applications: closed ? apps.map((a) => ({ id: a.pid, lots: lotsOf(issue, a.units) })).sort(byId) : null,
    seed: drawn ? issue.seed : null,
    winners: drawn
      ? apps
          .filter((a) => a.wonUnits > 0)
          .map((a) => ({ id: a.pid, lots: lotsOf(issue, a.wonUnits) }))
          .sort(byId)
      : null,
    drawnAt: issue.drawnAt ? issue.drawnAt.toISOString() : null,
    simulated: true,
  };
}
