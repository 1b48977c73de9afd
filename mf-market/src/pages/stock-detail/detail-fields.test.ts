import type { Quote } from '../../api/market';
import { detailFields, stockCodeFrom } from './detail-fields';

const quote: Quote = {
  code: '7203',
  name: { jp: 'トヨタ自動車', en: 'Toyota Motor', tw: '豐田汽車' },
  kind: 'stock',
  simulated: true,
  tradingDate: '2026-01-05',
  phase: 'zaraba',
  last: 27905,
  open: 27800,
  high: 28000,
  low: 27600,
  previousClose: 27850,
  change: 55,
  changePercent: 0.2,
  volume: 1234500,
  turnover: 3_456_789_000,
  pe: 9.87,
  industryPe: 12.3,
  upperLimit: 32850,
  lowerLimit: 22850,
  bestBid: 27900,
  bestAsk: 27905,
  specialQuote: null,
  lot: 100,
  at: 0,
};

describe('detailFields', () => {
  it('lists the spec §3 fields in order with formatted values', () => {
    const fields = detailFields(quote, 'en');
    expect(fields.map((f) => [f.key, f.value])).toEqual([
      ['open', '2,780.0'],
      ['previousClose', '2,785.0'],
      ['high', '2,800.0'],
      ['low', '2,760.0'],
      ['volume', '1,234,500'],
      ['turnover', '¥3.5B'],
      ['pe', '9.9'],
      ['industryPe', '12.3'],
    ]);
  });

  it('colours prices against the previous close', () => {
    const byKey = Object.fromEntries(detailFields(quote, 'jp').map((f) => [f.key, f.direction]));
    expect(byKey).toMatchObject({ open: 'down', high: 'up', low: 'down', previousClose: 'flat' });
  });

  it('shows -- before the first trade and where P/E does not apply', () => {
    const fields = detailFields({ ...quote, open: null, high: null, pe: null }, 'tw');
    expect(fields.find((f) => f.key === 'open')?.value).toBe('--');
    expect(fields.find((f) => f.key === 'pe')?.value).toBe('--');
  });
});

describe('stockCodeFrom', () => {
  it('accepts TSE codes, upper-casing a final letter', () => {
    expect(stockCodeFrom('7203')).toBe('7203');
    expect(stockCodeFrom(' 285a ')).toBe('285A');
  });
  it('refuses anything else', () => {
    expect(stockCodeFrom(null)).toBeNull();
    expect(stockCodeFrom('72031')).toBeNull();
    expect(stockCodeFrom('ABCD')).toBeNull();
  });
});
