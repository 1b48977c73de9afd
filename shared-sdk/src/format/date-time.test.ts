/** @jest-environment node */
import { formatDateTime } from './date-time';

describe('formatDateTime', () => {
  it('writes the instant in Japan time in each language', () => {
    // 2026-11-21 15:30 UTC is 2026-11-22 00:30 in Tokyo.
    expect(formatDateTime('2026-11-21T15:30:00Z', 'en')).toBe('22/11/2026, 00:30');
    expect(formatDateTime('2026-11-21T15:30:00Z', 'jp')).toBe('2026/11/22 00:30');
    // zh-TW separates date and time with a thin space (U+2009).
    expect(formatDateTime('2026-11-21T15:30:00Z', 'tw').replace(/\s/gu, ' ')).toBe('2026/11/22 00:30');
  });

  it('answers empty for no date or a bad one', () => {
    expect(formatDateTime(null, 'en')).toBe('');
    expect(formatDateTime(undefined, 'en')).toBe('');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });
});
