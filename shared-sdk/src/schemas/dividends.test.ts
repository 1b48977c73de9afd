/** @jest-environment node */
import { MSG } from '../messages/catalogue';
import { firstErrorKey } from './errors';
import { dividendCalendarFormSchema, dividendPerShareSchema, opsDividendEditFormSchema, opsSplitFormSchema, splitRatioSchema } from './dividends';

describe('dividend forms', () => {
  it('reads a dividend per share as tenths of a yen', () => {
    expect(dividendPerShareSchema.parse('25')).toBe(250);
    expect(dividendPerShareSchema.parse('2.6')).toBe(26);
    expect(dividendPerShareSchema.parse('0')).toBe(0);
    expect(dividendPerShareSchema.parse(12)).toBe(120);
  });

  it('refuses a dividend below 0 naming the rule, and malformed text', () => {
    expect(firstErrorKey(dividendPerShareSchema.safeParse('-1'))).toBe(MSG.dividendPerShareNegative);
    expect(firstErrorKey(dividendPerShareSchema.safeParse('-0.1'))).toBe(MSG.dividendPerShareNegative);
    for (const bad of ['1.25', '1e3', '１０', 'abc', '', '1,000', '100001'])
      expect(firstErrorKey(dividendPerShareSchema.safeParse(bad))).toBe(MSG.dividendPerShareInvalid);
  });

  it('refuses a split ratio below 1 or not whole', () => {
    expect(splitRatioSchema.parse('3')).toBe(3);
    for (const bad of ['0', '-2', '1.5', 'x', '101']) expect(firstErrorKey(splitRatioSchema.safeParse(bad))).toBe(MSG.splitRatioBelowOne);
  });

  it('operator edits need a reason and real dates', () => {
    expect(firstErrorKey(opsDividendEditFormSchema.safeParse({ id: '1', dps: '10' }))).toBe(MSG.invalidParams);
    expect(firstErrorKey(opsDividendEditFormSchema.safeParse({ id: '1', recordDate: '2027/03/31', reason: 'x' }))).toBe(MSG.dividendDateInvalid);
    expect(opsDividendEditFormSchema.parse({ id: '1', dps: '', recordDate: '2027-03-31', reason: 'revised' })).toMatchObject({
      id: 1,
      recordDate: '2027-03-31',
    });
    expect(firstErrorKey(opsSplitFormSchema.safeParse({ code: '7203', ratio: '0', effectiveDate: '2027-04-01', reason: 'x' }))).toBe(MSG.splitRatioBelowOne);
  });

  it('the calendar scope defaults to all', () => {
    expect(dividendCalendarFormSchema.parse({})).toEqual({ scope: 'all' });
    expect(firstErrorKey(dividendCalendarFormSchema.safeParse({ scope: 'x' }))).toBe(MSG.invalidParams);
  });
});
