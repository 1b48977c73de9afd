// Issues, applications and records as the ipo calls answer them (docs/api/ipo.md), for the screens' tests.
import type { IpoApplication, IpoIssueItem, IpoShareRecord } from '@kabuto/shared-sdk/schemas';

const yen = (amount: string) => ({ currency: 'JPY' as const, minor: amount, amount });

const NAME = { tw: '櫻花機器人', jp: 'さくらロボティクス', en: 'Sakura Robotics' };

export function issue(patch: Partial<IpoIssueItem> = {}): IpoIssueItem {
  return {
    code: '9990',
    name: NAME,
    market: 'growth',
    status: 'applying',
    simulated: true,
    priceLower: '1200',
    priceUpper: '1350',
    offerPrice: null,
    lotShares: 100,
    lotsAvailable: 500,
    maxQuantity: 1_000,
    lotteryModel: 'perCustomer',
    bookStartAt: '2026-11-20T00:00:00.000Z',
    bookEndAt: '2026-11-26T06:00:00.000Z',
    lotteryAt: '2026-11-27T01:00:00.000Z',
    paymentStartAt: '2026-11-27T01:00:00.000Z',
    paymentDeadlineAt: '2026-12-01T06:00:00.000Z',
    listingDate: '2026-12-04',
    issueDate: '2026-12-03',
    requiredPerLot: yen('135000'),
    commitment: 'a'.repeat(64),
    applicants: 3,
    myApplication: null,
    actions: ['apply'],
    ...patch,
  };
}

export function application(patch: Partial<IpoApplication> = {}): IpoApplication {
  return {
    id: 31,
    applicationNo: 'IPO00000031',
    drawId: 'c0ffee00c0ffee00',
    code: '9990',
    name: NAME,
    status: 'awaitingPayment',
    quantity: 300,
    lots: 3,
    wonQuantity: 100,
    wonLots: 1,
    priceUpper: '1350',
    offerPrice: '1300',
    totalPrice: yen('130000'),
    escrowed: yen('135000'),
    refunded: yen('270000'),
    amountPaid: yen('0'),
    appliedAt: '2026-11-21T02:00:00.000Z',
    bookEndAt: '2026-11-26T06:00:00.000Z',
    lotteryAt: '2026-11-27T01:00:00.000Z',
    paymentStartAt: '2026-11-27T01:00:00.000Z',
    paymentDeadlineAt: '2026-12-01T06:00:00.000Z',
    listingDate: '2026-12-04',
    issueDate: '2026-12-03',
    paidAt: null,
    actions: ['pay', 'waive'],
    simulated: true,
    ...patch,
  };
}

export function record(patch: Partial<IpoShareRecord> = {}): IpoShareRecord {
  return {
    id: 31,
    code: '9990',
    name: NAME,
    status: 'paid',
    issuePrice: '1300',
    applicationQuantity: 300,
    totalLots: 3,
    subscribedAt: '2026-11-21T02:00:00.000Z',
    paymentDeadlineAt: '2026-12-01T06:00:00.000Z',
    lotteryAt: '2026-11-27T01:00:00.000Z',
    listingDate: '2026-12-04',
    issueDate: '2026-12-03',
    wonQuantity: 100,
    wonLots: 1,
    amountPaid: yen('130000'),
    simulated: true,
    ...patch,
  };
}

/** A page answer as the list calls give it. */
export function page<T>(list: T[]) {
  return { list, page: 1, size: 50, total: list.length, hasMore: false };
}
