import { nameIn, rateLine, rateText } from './lending-view';

describe('the lending page readings', () => {
  it('writes basis points a year as a percentage', () => {
    expect(rateText(10)).toBe('0.1 %');
    expect(rateText(125)).toBe('1.25 %');
    expect(rateText(300)).toBe('3 %');
    expect(rateText(0)).toBe('0 %');
  });

  it('says a lent holding earns 0 % when no borrower wants the issue, with the published rate', () => {
    expect(rateLine({ rateBp: 0, publishedRateBp: 50, demand: 'short' })).toEqual({ kind: 'short', published: '0.5 %' });
    expect(rateLine({ rateBp: 50, publishedRateBp: 50, demand: 'normal' })).toEqual({ kind: 'earning', rate: '0.5 %' });
  });

  it('names an issue in the page language, English for the others', () => {
    const names = { tw: '豐田汽車', jp: 'トヨタ自動車', en: 'Toyota Motor' };
    expect(nameIn(names, 'jp')).toBe('トヨタ自動車');
    expect(nameIn(names, 'hi')).toBe('Toyota Motor');
  });
});
