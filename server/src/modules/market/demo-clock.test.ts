import { jstDate } from '../../clock';
import { demoTimeAt } from './demo-clock';

describe('where a fresh demo clock starts', () => {
  it('maps wall time onto the trading day: midnight opens the morning session', () => {
    expect(demoTimeAt(jstDate(2026, 1, 13, 0, 0)).toISOString()).toBe(jstDate(2026, 1, 13, 9, 0).toISOString());
    expect(demoTimeAt(jstDate(2026, 1, 13, 1, 0)).toISOString()).toBe(jstDate(2026, 1, 13, 10, 0).toISOString());
  });

  it('skips lunch: 2 h 30 min after a cycle starts it is 12:30', () => {
    expect(demoTimeAt(jstDate(2026, 1, 13, 2, 30)).toISOString()).toBe(jstDate(2026, 1, 13, 12, 30).toISOString());
  });

  it('uses the latest business day on weekends and holidays', () => {
    expect(demoTimeAt(jstDate(2026, 1, 10, 0, 30)).toISOString()).toBe(jstDate(2026, 1, 9, 9, 30).toISOString());
    expect(demoTimeAt(jstDate(2026, 1, 12, 0, 30)).toISOString()).toBe(jstDate(2026, 1, 9, 9, 30).toISOString());
  });
});
