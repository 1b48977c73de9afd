import { liveOrder } from './live-order';

const row = (code: string, changePercent: number | null, turnover = 0) => ({ code, changePercent, turnover });

describe('a ranking board on live values', () => {
  it('moves a gainer that just rose above +1.74 % over the one at +1.70 %', () => {
    const shown = ['7203', '6758', '9984'];
    // 9984 was third; a tick takes it to +1.76 %.
    const live = [row('7203', 1.74), row('6758', 1.7), row('9984', 1.76)];
    expect(liveOrder(live, 'gainers', shown)).toEqual(['9984', '7203', '6758']);
  });

  it('orders losers by the largest fall first, ETFs like gainers, hot by turnover', () => {
    const live = [row('A', -1.7), row('B', -1.74), row('C', 0.2)];
    expect(liveOrder(live, 'losers', [])).toEqual(['B', 'A', 'C']);
    expect(liveOrder(live, 'etf', [])).toEqual(['C', 'A', 'B']);
    expect(liveOrder([row('X', 1, 10), row('Y', 2, 30)], 'hot', [])).toEqual(['Y', 'X']);
  });

  it('keeps tied rows where the screen shows them, and untraded rows last', () => {
    const live = [row('A', 1), row('B', null), row('C', 1), row('D', 2)];
    expect(liveOrder(live, 'gainers', ['C', 'B', 'A'])).toEqual(['D', 'C', 'A', 'B']);
    expect(liveOrder(live, 'gainers', ['A', 'B', 'C'])).toEqual(['D', 'A', 'C', 'B']);
  });
});
