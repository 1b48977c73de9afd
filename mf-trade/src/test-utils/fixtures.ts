// A position as trade/list and trade/detail answer it (docs/api/trading.md), and the customer as
// user/info answers it (docs/api/identity.md), for the screens' tests.
import type { IdentityUserInfo, TradePosition } from '@kabuto/shared-sdk/schemas';
import { yen } from './render-trade';

const FEES = {
  commission: yen('0'),
  serviceFee: yen('0'),
  buyFee: yen('0'),
  sellFee: yen('0'),
  stampDuty: yen('0'),
  total: yen('0'),
  notes: { tw: '', jp: '', en: '' },
};
export function position(patch: Partial<TradePosition> = {}): TradePosition {
  return {
    id: 7,
    orderNo: 'K00000007',
    code: '7203',
    name: { tw: '豐田汽車', jp: 'トヨタ自動車', en: 'Toyota Motor' },
    product: 'cash',
    marginKind: null,
    direction: 'long',
    orderType: 'market',
    limitPrice: null,
    tab: 'competition',
    status: 'holding',
    leverage: '1',
    lots: 1,
    orderedQuantity: 100,
    filledQuantity: 100,
    holdingQuantity: 100,
    lentQuantity: 0,
    closedQuantity: 0,
    openPrice: '2790.5',
    closePrice: null,
    totalCost: yen('279050'),
    marketValue: yen('280000'),
    lastPrice: '2800',
    realisedPnl: yen('0'),
    unrealisedPnl: yen('950'),
    held: yen('0'),
    interest: yen('0'),
    fees: FEES,
    openedAt: '2026-11-23T01:00:00.000Z',
    firstFillAt: '2026-11-23T01:00:01.000Z',
    closedAt: null,
    dueDate: null,
    endReason: null,
    actions: ['close'],
    simulated: true,
    ...patch,
  };
}

/** A verified member with a fund password, as user/info answers (the order ticket reads hasFundPassword). */
export function userInfo(patch: Partial<IdentityUserInfo> = {}): IdentityUserInfo {
  return {
    id: 1,
    account: '0901234567',
    role: 'member',
    vipLevel: 0,
    level: 0,
    rebateRatio: null,
    verification: { state: 'verified', rejectReason: null },
    realName: '山田 太郎',
    hasFundPassword: true,
    passkeyCount: 0,
    unreadMessages: 0,
    restrictions: { frozen: false, loginBanned: false, disabled: false, tradeBanned: false, withdrawBanned: false },
    supportOnly: false,
    createdAt: '2026-01-05T01:00:00.000Z',
    ...patch,
  };
}
