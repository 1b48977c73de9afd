import type { TradePosition } from '@kabuto/shared-sdk/schemas';
import { withLastPrice } from './live-pnl';

const yen = (amount: string) => ({ currency: 'JPY' as const, minor: amount, amount });
const row = (patch: Partial<TradePosition>) =>
  ({ holdingQuantity: 200, direction: 'long', lastPrice: '2790.5', unrealisedPnl: yen('100'), marketValue: yen('558100'), ...patch }) as TradePosition;

test('a long gains price change × shares; the market value follows the last', () => {
  const moved = withLastPrice(row({}), 27915);
  expect(moved.lastPrice).toBe('2791.5');
  expect(moved.unrealisedPnl).toEqual(yen('300'));
  expect(moved.marketValue).toEqual(yen('558300'));
});

test('a short loses when the price rises and gains when it falls', () => {
  expect(withLastPrice(row({ direction: 'short' }), 27915).unrealisedPnl).toEqual(yen('-100'));
  expect(withLastPrice(row({ direction: 'short' }), 27805).unrealisedPnl).toEqual(yen('2100'));
});

test('closed or pending rows without live figures are left as the server sent them', () => {
  const closed = row({ unrealisedPnl: null, holdingQuantity: 0 });
  expect(withLastPrice(closed, 30000)).toBe(closed);
});
