// Strategy, following and mirrored-order answers as the server shapes them (shared-sdk
// schemas/strategies.ts), for the strategy page tests.
import type {
  FollowPreview,
  FollowingCloseView,
  FollowingView,
  MirroredOrderView,
  StrategyDetailView,
  StrategyRecord,
  StrategyView,
} from '@kabuto/shared-sdk/schemas';
import { yen } from './render-trade';

export function record(over: Partial<StrategyRecord> = {}): StrategyRecord {
  return {
    twrPercent: '12.00',
    monthly: [
      { month: '2026-10', twrPercent: '10.00' },
      { month: '2026-11', twrPercent: '-5.00' },
      { month: '2026-12', twrPercent: '7.18' },
    ],
    maxDrawdownPercent: '6.40',
    volatilityPercent: '14.20',
    riskScore: 6,
    trades: 14,
    daysLive: 63,
    equity: yen('3120000'),
    ...over,
  };
}

export function strategyView(over: Partial<StrategyView> = {}): StrategyView {
  return {
    id: 7,
    name: 'Steady Toyota',
    description: 'Buys large caps on dips.',
    riskNotes: 'One stock at a time.',
    status: 'active',
    leaderAccount: 'kabu***88',
    publishedAt: '2026-10-01T01:00:00.000Z',
    retiredAt: null,
    followers: 3,
    record: record(),
    asOf: { at: '2026-12-03T06:10:00.000Z', businessDate: '2026-12-03', prices: 'close' },
    feeModel: 'broker-paid',
    profitSharePercent: null,
    followerResults: { inProgress: 3, ended: 1, minimum: 3, results: { medianReturnPercent: '2.15', inProfitPercent: '75.0' } },
    kind: 'leader',
    algorithm: null,
    closedToNewCopiers: null,
    simulated: true,
    ...over,
  };
}

export function strategyDetail(over: Partial<StrategyDetailView> = {}): StrategyDetailView {
  return {
    ...strategyView(),
    holdings: [{ code: '7203', name: { jp: 'トヨタ自動車', en: 'Toyota Motor', tw: '豐田汽車' }, shares: 1000, lastPrice: '2780.5', value: yen('2780500') }],
    ...over,
  };
}

export function followPreview(over: Partial<FollowPreview> = {}): FollowPreview {
  return {
    strategyId: 7,
    amount: yen('310000'),
    minimum: yen('30000'),
    fee: {
      model: 'broker-paid',
      ratePercentPerYear: '1.5',
      paidBy: 'broker',
      followerPays: yen('0'),
      exampleDailyToLeader: yen('12'),
      exampleYearToLeader: yen('4650'),
      text: 'Kabuto pays the leader 1.5% a year.',
    },
    stopLossPercentDefault: 40,
    stopLossRange: [5, 95],
    ratio: '0.099359',
    leaderEquity: yen('3120000'),
    today: '2026-12-03',
    simulated: true,
    ...over,
  };
}

export function mirrored(over: Partial<MirroredOrderView> = {}): MirroredOrderView {
  return {
    id: 31,
    code: '7203',
    side: 'buy',
    leaderQuantity: 1000,
    quantity: 100,
    outcome: 'placed',
    reason: null,
    leaderPrice: '2780.0',
    fillPrice: '2781.5',
    slippage: '1.5',
    positionId: 501,
    at: '2026-12-03T01:05:00.000Z',
    ...over,
  };
}

export function closedAtEnd(over: Partial<FollowingCloseView> = {}): FollowingCloseView {
  return {
    id: 5,
    code: '7203',
    side: 'sell',
    reason: 'stopLoss',
    orderId: 77,
    quantity: 100,
    filledQuantity: 100,
    state: 'filled',
    refusal: null,
    fillPrice: '1830.0',
    at: '2026-12-04T02:00:00.000Z',
    filledAt: '2026-12-04T02:00:01.000Z',
    ...over,
  };
}

export function followingView(over: Partial<FollowingView> = {}): FollowingView {
  return {
    id: 12,
    strategyId: 7,
    strategyName: 'Steady Toyota',
    amount: yen('310000'),
    stopLossPercent: 40,
    status: 'inProgress',
    paused: false,
    profitShare: null,
    endReason: null,
    deadline: '2027-01-02',
    startedAt: '2026-12-03T01:00:00.000Z',
    endedAt: null,
    value: yen('309850'),
    heldPositions: 1,
    closedAtEnd: [],
    mirrored: [mirrored()],
    simulated: true,
    ...over,
  };
}
