import { formatPublished } from './published';

describe('formatPublished', () => {
  it('writes JST date and minute', () => {
    expect(formatPublished('2026-01-05T00:30:00.000Z')).toBe('2026-01-05 09:30');
    expect(formatPublished('2026-01-04T15:00:00Z')).toBe('2026-01-05 00:00');
  });
  it('gives nothing for unreadable input', () => {
    expect(formatPublished('not a date')).toBe('');
  });
});
