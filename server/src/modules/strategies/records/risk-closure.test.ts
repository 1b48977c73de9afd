// The date arithmetic and the choice of the closure to new copiers (docs/strategies.md §2), pure:
// months from a month's last day, month ends, leap years, the JST business date of an instant,
// business days only, a month judged once ended, the later of the two rules.
import { jstDate } from '../../../clock';
import { DEFAULT_STRATEGIES_CONFIG } from '../config';
import { closureWindow, copierClosureOf, dailyClosedUntil, monthlyClosedUntil, type DailyScore } from './risk-closure';

const rules = DEFAULT_STRATEGIES_CONFIG.copierPause;

test('the published figures: daily 8 for 2 months, monthly average 7 for 1 month', () => {
  expect(rules).toEqual({ dailyMinScore: 8, dailyMonths: 2, monthlyMinAverage: 7, monthlyMonths: 1 });
});

test.each([
  ['2025-01-31', '2025-03-31'],
  ['2025-01-10', '2025-03-10'],
  ['2024-12-31', '2025-02-28'],
  ['2023-12-30', '2024-02-29'],
  ['2025-12-29', '2026-02-28'],
  ['2025-11-30', '2026-01-30'],
])('a daily breach on %s closes through %s', (date, until) => {
  expect(dailyClosedUntil(date, 2)).toBe(until);
});

test.each([
  ['2025-01', '2025-02-28'],
  ['2024-01', '2024-02-29'],
  ['2025-02', '2025-03-31'],
  ['2025-12', '2026-01-31'],
])('a month %s averaged too high closes the whole next month, through %s', (month, until) => {
  expect(monthlyClosedUntil(month, 1)).toBe(until);
});

test('the window read from the stored rows', () => {
  expect(closureWindow('2025-03-10', rules)).toEqual({ dailyFrom: '2025-01-01', monthlyFrom: '2025-02-01', monthlyBefore: '2025-03-01' });
  expect(closureWindow('2025-01-31', rules)).toEqual({ dailyFrom: '2024-11-01', monthlyFrom: '2024-12-01', monthlyBefore: '2025-01-01' });
});

test('a daily breach closes through D + 2 months on the JST date, open the day after', () => {
  const scores: DailyScore[] = [
    { businessDate: '2025-01-09', riskScore: 7 },
    { businessDate: '2025-01-10', riskScore: 9 },
  ];
  // 2025-03-10 23:59:59 JST is 14:59:59 UTC: still the until date in Japan.
  const last = copierClosureOf(scores, new Date('2025-03-10T14:59:59Z'), rules);
  expect(last).toEqual({ until: '2025-03-10', reason: { kind: 'daily', score: '9', threshold: 8, date: '2025-01-10', days: 1 } });
  expect(copierClosureOf(scores, jstDate(2025, 3, 11, 0, 0), rules)).toBeNull();
  // The breach day itself, after its close, is closed; the day before it is not.
  expect(copierClosureOf(scores, jstDate(2025, 1, 10, 15, 45), rules)?.until).toBe('2025-03-10');
  expect(copierClosureOf(scores, jstDate(2025, 1, 9, 15, 45), rules)).toBeNull();
  // Two months from 31 January: 31 March, then open on 1 April.
  const jan31 = [{ businessDate: '2025-01-31', riskScore: 8 }];
  expect(copierClosureOf(jan31, jstDate(2025, 3, 31, 23, 59), rules)?.until).toBe('2025-03-31');
  expect(copierClosureOf(jan31, jstDate(2025, 4, 1, 0, 0), rules)).toBeNull();
});

test('a score on a weekend or holiday row is not a business day’s and does not count', () => {
  // 2025-01-11 is a Saturday, 2025-01-13 Coming of Age Day.
  const scores = [
    { businessDate: '2025-01-11', riskScore: 10 },
    { businessDate: '2025-01-13', riskScore: 10 },
  ];
  expect(copierClosureOf(scores, jstDate(2025, 1, 20, 10, 0), rules)).toBeNull();
});

test("the monthly average: business days' at-close scores, judged once the month has ended, exactly 7 closes", () => {
  // February 2025's business days 3–7 and 10: five at 7 and one at 7; a Saturday at 1 left out.
  const feb: DailyScore[] = ['2025-02-03', '2025-02-04', '2025-02-05', '2025-02-06', '2025-02-07', '2025-02-10'].map((d) => ({
    businessDate: d,
    riskScore: 7,
  }));
  feb.push({ businessDate: '2025-02-08', riskScore: 1 });
  // Not judged while February runs.
  expect(copierClosureOf(feb, jstDate(2025, 2, 28, 15, 45), rules)).toBeNull();
  expect(copierClosureOf(feb, jstDate(2025, 3, 1, 0, 0), rules)).toEqual({
    until: '2025-03-31',
    reason: { kind: 'monthly', score: '7.00', threshold: 7, date: '2025-02', days: 6 },
  });
  expect(copierClosureOf(feb, jstDate(2025, 4, 1, 0, 0), rules)).toBeNull();
  // One business day at 6: 41 / 6 = 6.83 < 7, open.
  const below = feb.map((s, i) => (i === 0 ? { ...s, riskScore: 6 } : s));
  expect(copierClosureOf(below, jstDate(2025, 3, 3, 10, 0), rules)).toBeNull();
  // Averages shown rounded down: 7, 8, 7 is 7.33.
  const mixed = [
    { businessDate: '2025-02-03', riskScore: 7 },
    { businessDate: '2025-02-04', riskScore: 7 },
    { businessDate: '2025-02-05', riskScore: 7 },
  ];
  mixed[1] = { businessDate: '2025-02-04', riskScore: 8 };
  const c = copierClosureOf(mixed, jstDate(2025, 3, 3, 10, 0), rules);
  // The daily 8 on 4 February closes through 4 April, later than the month's 31 March: it wins.
  expect(c).toEqual({ until: '2025-04-04', reason: { kind: 'daily', score: '8', threshold: 8, date: '2025-02-04', days: 1 } });
});

test('the later of the two wins: a month closing past an older daily breach', () => {
  const scores: DailyScore[] = [
    { businessDate: '2025-01-06', riskScore: 8 }, // daily: through 2025-03-06
    ...['2025-02-03', '2025-02-04'].map((d) => ({ businessDate: d, riskScore: 7 })), // February: through 2025-03-31
  ];
  expect(copierClosureOf(scores, jstDate(2025, 3, 3, 10, 0), rules)).toMatchObject({ until: '2025-03-31', reason: { kind: 'monthly', score: '7.00' } });
});
