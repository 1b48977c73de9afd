import type { Quote } from '../provider';
import { rank } from './rankings';

function q(code: string, kind: 'stock' | 'etf', changePercent: number | null, turnover: number): Quote {
  return { code, kind, changePercent, turnover } as Quote;
}

const quotes = [
  q('1001', 'stock', 2.5, 100),
  q('1002', 'stock', -3, 900),
  q('1003', 'stock', null, 0),
  q('1004', 'stock', 2.5, 50),
  q('1306', 'etf', 0.4, 5000),
  q('1321', 'etf', null, 0),
  q('1570', 'etf', 1.2, 10),
];

describe('rank', () => {
  it('orders gainers and losers among stocks that traded, ties by code', () => {
    expect(rank(quotes, 'gainers', 10).map((x) => x.code)).toEqual(['1001', '1004', '1002']);
    expect(rank(quotes, 'losers', 10).map((x) => x.code)).toEqual(['1002', '1001', '1004']);
  });

  it('orders hot stocks by turnover and ETFs by change with untraded last', () => {
    expect(rank(quotes, 'hot', 2).map((x) => x.code)).toEqual(['1002', '1001']);
    expect(rank(quotes, 'etf', 10).map((x) => x.code)).toEqual(['1570', '1306', '1321']);
  });
});
