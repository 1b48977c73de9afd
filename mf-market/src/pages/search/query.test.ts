import { MAX_QUERY_LENGTH, normaliseQuery } from './query';

describe('normaliseQuery', () => {
  it('trims', () => {
    expect(normaliseQuery('  7203 ')).toBe('7203');
    expect(normaliseQuery('   ')).toBe('');
  });
  it('cuts to the server limit by characters, not UTF-16 units', () => {
    const long = 'ト'.repeat(50);
    expect(Array.from(normaliseQuery(long))).toHaveLength(MAX_QUERY_LENGTH);
    expect(normaliseQuery('𠮷'.repeat(45))).toBe('𠮷'.repeat(40));
  });
});
