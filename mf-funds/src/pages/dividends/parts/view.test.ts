import { codeFromQuery, idFromQuery, nameIn, sharesText, yenText } from './view';

describe('dividend page readings', () => {
  it('reads the name in the page language, English for the others', () => {
    const names = { tw: '豐田汽車', jp: 'トヨタ自動車', en: 'Toyota Motor' };
    expect(nameIn(names, 'jp')).toBe('トヨタ自動車');
    expect(nameIn(names, 'tw')).toBe('豐田汽車');
    expect(nameIn(names, 'hi')).toBe('Toyota Motor');
  });

  it('groups yen text and share counts without a float', () => {
    expect(yenText('1234567.50')).toBe('1,234,567.50');
    expect(yenText('7.50')).toBe('7.50');
    expect(sharesText(12000)).toBe('12,000');
  });

  it('takes only a positive whole id and a venue code from the query', () => {
    expect(idFromQuery('12')).toBe('12');
    expect(idFromQuery('0')).toBeNull();
    expect(idFromQuery('1e3')).toBeNull();
    expect(idFromQuery(null)).toBeNull();
    expect(codeFromQuery('7203')).toBe('7203');
    expect(codeFromQuery('72030')).toBeNull();
    expect(codeFromQuery('abcd')).toBeNull();
  });
});
