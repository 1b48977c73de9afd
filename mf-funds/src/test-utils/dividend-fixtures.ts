// Answers of the dividend calls as the server gives them (shared schema types), for the page tests.
import type {
  CorporateActionDetail,
  DividendAdjustmentDetail,
  DividendCalendar,
  DividendCalendarEntry,
  DividendCompany,
  DividendPaymentDetail,
  DividendRules,
  PerkDetail,
} from '@kabuto/shared-sdk/schemas';
import { yen } from '@kabuto/shared-sdk/ui/test-utils/remote-page-kit';

export const RULES: DividendRules = {
  lastCumBusinessDaysBeforeRecord: 2,
  paymentBusinessDaysAfterRecord: 60,
  incomeTaxPercent: '15.315',
  residentTaxPercent: '5',
  withholdingPercent: '20.315',
  rounding: 'floor-per-tax',
  marginAdjustmentPercent: '84.685',
  generalShortPercent: '100',
  dividendEquivalentPercent: '84.685',
  nisa: false,
  simulated: true,
};

const TOYOTA = { tw: '豐田汽車', jp: 'トヨタ自動車', en: 'Toyota Motor' };

export const ENTRY: DividendCalendarEntry = {
  id: '11',
  code: '7203',
  name: TOYOTA,
  kind: 'year-end',
  recordDate: '2027-03-31',
  lastCumDate: '2027-03-29',
  exDate: '2027-03-30',
  paymentDate: '2027-06-25',
  dps: '45.0',
  dpsSource: 'forecast',
  state: 'scheduled',
  perks: true,
  simulated: true,
  inHoldings: true,
  inWatchlist: false,
  sharesHeld: 500,
  marginLongShares: 0,
  marginShortShares: 100,
  projected: { gross: yen('22500'), incomeTax: yen('3445'), residentTax: yen('1125'), net: yen('17930') },
};

export const CALENDAR: DividendCalendar = {
  businessDate: '2027-03-01',
  scope: 'all',
  entries: [
    ENTRY,
    {
      ...ENTRY,
      id: '12',
      code: '6758',
      name: { tw: '索尼', jp: 'ソニーグループ', en: 'Sony Group' },
      lastCumDate: '2027-02-24',
      exDate: '2027-02-25',
      inHoldings: false,
      inWatchlist: true,
      sharesHeld: 0,
      marginShortShares: 0,
      perks: false,
    },
  ],
  rules: RULES,
};

export const COMPANY: DividendCompany = {
  code: '7203',
  name: TOYOTA,
  fiscalYearEndMonth: 3,
  history: [
    {
      eventId: '9',
      kind: 'interim',
      recordDate: '2026-09-30',
      exDate: '2026-09-29',
      paymentDate: '2026-12-01',
      dps: '40.0',
      cumClose: '2900.0',
      exBasePrice: '2860.0',
      paymentId: '5',
    },
    {
      eventId: '8',
      kind: 'year-end',
      recordDate: '2026-03-31',
      exDate: '2026-03-30',
      paymentDate: '2026-06-25',
      dps: '7.5',
      cumClose: null,
      exBasePrice: null,
      paymentId: null,
    },
  ],
  ahead: [{ ...ENTRY }],
  splits: [{ id: '3', code: '7203', name: TOYOTA, kind: 'split', ratio: 5, effectiveDate: '2027-04-01', state: 'scheduled', simulated: true }],
  perk: {
    code: '7203',
    description: { tw: '模擬禮券', jp: '模擬ギフト券', en: 'Simulated gift voucher' },
    minShares: 100,
    kind: 'year-end',
    cashValue: null,
    simulated: true,
  },
  sharesHeld: 500,
  marginLongShares: 0,
  marginShortShares: 100,
  rules: RULES,
};

export const PAYMENT: DividendPaymentDetail = {
  id: '5',
  eventId: '9',
  code: '7203',
  name: TOYOTA,
  kind: 'interim',
  basis: 'holding',
  state: 'paid',
  shares: 500,
  dps: '40.0',
  recordDate: '2026-09-30',
  exDate: '2026-09-29',
  paymentDate: '2026-12-01',
  gross: yen('20000'),
  incomeTax: yen('3063'),
  residentTax: yen('1000'),
  net: yen('15937'),
  bookedAt: '2026-09-29T00:00:00.000Z',
  paidAt: '2026-12-01T00:00:00.000Z',
  postings: [
    { journalId: '101', account: 'dividend_receivable', amount: yen('15937'), at: '2026-09-29T00:00:00.000Z', step: 'receivable' },
    { journalId: '140', account: 'customer_cash:JPY:u1', amount: yen('15937'), at: '2026-12-01T00:00:00.000Z', step: 'payment' },
    { journalId: '140', account: 'tax_payable_income:JPY', amount: yen('3063'), at: '2026-12-01T00:00:00.000Z', step: 'payment' },
  ],
  rules: RULES,
};

export const ADJUSTMENT: DividendAdjustmentDetail = {
  id: '7',
  eventId: '9',
  code: '7203',
  name: TOYOTA,
  side: 'short',
  marginKind: 'general',
  positionId: '31',
  shares: 100,
  dps: '40.0',
  ratePercent: '100',
  gross: yen('4000'),
  amount: { currency: 'JPY', minor: '-4000', amount: '-4000' },
  state: 'reserved',
  exDate: '2026-09-29',
  paymentDate: '2026-12-01',
  reservedAt: '2026-09-29T00:00:00.000Z',
  settledAt: null,
  postings: [
    {
      journalId: '102',
      account: 'customer_cash:JPY:u1',
      amount: { currency: 'JPY', minor: '-4000', amount: '-4000' },
      at: '2026-09-29T00:00:00.000Z',
      step: 'reserve',
    },
  ],
  rules: RULES,
};

export const ACTION: CorporateActionDetail = {
  id: '3',
  code: '7203',
  name: TOYOTA,
  kind: 'split',
  ratio: 5,
  effectiveDate: '2026-10-01',
  state: 'done',
  simulated: true,
  sharesBefore: 100,
  sharesAfter: 500,
  marginSharesBefore: null,
  marginSharesAfter: null,
  priceBefore: '14500.0',
  priceAfter: '2900.0',
  ordersCancelled: 1,
  cancelledOrders: [{ orderId: '88', side: 'buy', quantity: 100, price: '14000.0' }],
};

export const PERK: PerkDetail = {
  id: '4',
  eventId: '9',
  code: '7203',
  name: TOYOTA,
  description: { tw: '模擬禮券', jp: '模擬ギフト券', en: 'Simulated gift voucher' },
  recordDate: '2026-09-30',
  shares: 500,
  minShares: 100,
  cashValue: null,
  simulated: true,
};

export const pageOf = <T>(list: T[]) => ({ list, page: 1, size: 20, total: list.length, hasMore: false });
