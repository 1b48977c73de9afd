import { direction, formatChange, formatPercent, formatPrice, formatShares, formatTurnover, formatYenPrice, stockName } from './quote-format';

describe('quote formatting', () => {
  it('writes tenths of a yen exactly, one decimal', () => {
    expect(formatPrice(27905)).toBe('2,790.5');
    expect(formatPrice(3)).toBe('0.3');
    expect(formatPrice(1234567890)).toBe('123,456,789.0');
    expect(formatPrice(null)).toBe('--');
    expect(formatYenPrice(27905)).toBe('¥2,790.5');
  });

  it('signs changes and percents', () => {
    expect(formatChange(125)).toBe('+12.5');
    expect(formatChange(-30)).toBe('-3.0');
    expect(formatChange(0)).toBe('0.0');
    expect(formatPercent(1.256)).toBe('+1.26%');
    expect(formatPercent(-0.5)).toBe('-0.50%');
    expect(formatPercent(null)).toBe('--');
  });

  it('names the direction by meaning (Japan: up is red, down is green)', () => {
    expect(direction(5)).toBe('up');
    expect(direction(-5)).toBe('down');
    expect(direction(0)).toBe('flat');
    expect(direction(null)).toBe('flat');
  });

  it('groups shares and compacts turnover per language', () => {
    expect(formatShares(1234500)).toBe('1,234,500');
    expect(formatTurnover(12_345_678_901, 'jp')).toBe('¥123.5億');
    expect(formatTurnover(56_000, 'tw')).toBe('¥5.6萬');
    expect(formatTurnover(12_345_678_901, 'en')).toBe('¥12.3B');
    expect(formatTurnover(999, 'en')).toBe('¥999');
  });

  it('picks the name of the language and corrects Traditional Chinese names', () => {
    const name = { jp: 'トヨタ自動車', en: 'Toyota Motor', tw: '臺灣豐田' };
    expect(stockName(name, 'jp')).toBe('トヨタ自動車');
    expect(stockName(name, 'hi')).toBe('Toyota Motor');
    expect(stockName(name, 'tw')).toBe('台灣豐田');
  });
});
