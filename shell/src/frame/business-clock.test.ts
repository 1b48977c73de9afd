import { jstTime } from './business-clock';

describe('jstTime', () => {
  it('agrees with Intl in Asia/Tokyo, across the JST and UTC date lines', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const instants = ['2026-11-24T14:59:00Z', '2026-11-24T15:00:00Z', '2026-11-24T23:59:59Z', '2026-06-30T02:25:30Z', '2027-01-01T00:00:00Z'];
    for (const iso of instants) {
      const at = Date.parse(iso);
      expect(jstTime(at)).toBe(intl.format(new Date(at)));
    }
    expect(jstTime(Date.parse('2026-11-24T15:05:00Z'))).toBe('00:05');
  });
});
