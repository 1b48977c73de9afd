import { jstDate, jstSecondOfDay } from '../../../clock';
import { acceptsOrders, isBusinessDay, jstSecondOfDayMs, nextBusinessDay, nextOpen, phaseAt, previousBusinessDay, sessionEvents } from './calendar';

describe('business days', () => {
  it('closes on New Year (holiday and exchange closure) and Coming-of-Age Day 2026-01-12', () => {
    expect(isBusinessDay('2026-01-01')).toBe(false);
    expect(isBusinessDay('2026-01-02')).toBe(false);
    expect(isBusinessDay('2026-01-05')).toBe(true);
    expect(isBusinessDay('2026-01-12')).toBe(false);
    expect(isBusinessDay('2026-01-13')).toBe(true);
  });
  it('closes on 31 December even on a weekday, and on weekends', () => {
    expect(isBusinessDay('2025-12-31')).toBe(false); // Wednesday
    expect(isBusinessDay('2025-12-30')).toBe(true);
    expect(isBusinessDay('2026-01-10')).toBe(false); // Saturday
    expect(isBusinessDay('2026-01-11')).toBe(false); // Sunday
  });
  it('steps over weekends and holidays', () => {
    expect(nextBusinessDay('2026-01-09')).toBe('2026-01-13');
    expect(previousBusinessDay('2026-01-05')).toBe('2025-12-30');
  });
});

describe('session phases (§2.1)', () => {
  const at = (h: number, m: number, s = 0) => jstDate(2026, 1, 13, h, m, s);
  it.each([
    [7, 59, 59, 'closed'],
    [8, 0, 0, 'pre-open'],
    [8, 59, 59, 'pre-open'],
    [9, 0, 0, 'zaraba'],
    [11, 29, 59, 'zaraba'],
    [11, 30, 0, 'lunch'],
    [12, 4, 59, 'lunch'],
    [12, 5, 0, 'pre-open'],
    [12, 30, 0, 'zaraba'],
    [15, 24, 59, 'zaraba'],
    [15, 25, 0, 'closing-auction'],
    [15, 29, 59, 'closing-auction'],
    [15, 30, 0, 'closed'],
  ] as const)('%d:%d:%d JST is %s', (h, m, s, phase) => {
    expect(phaseAt(at(h, m, s))).toBe(phase);
  });

  it('is closed all day on a holiday and on a Saturday', () => {
    expect(phaseAt(jstDate(2026, 1, 12, 10, 0))).toBe('closed');
    expect(phaseAt(jstDate(2026, 1, 1, 10, 0))).toBe('closed');
    expect(phaseAt(jstDate(2026, 1, 10, 10, 0))).toBe('closed');
  });

  it('accepts orders in the closing auction but not over lunch', () => {
    expect(acceptsOrders('closing-auction')).toBe(true);
    expect(acceptsOrders('pre-open')).toBe(true);
    expect(acceptsOrders('lunch')).toBe(false);
    expect(acceptsOrders('closed')).toBe(false);
  });

  it('lists the four Itayose moments of a day', () => {
    expect(sessionEvents('2026-01-13').map((e) => [e.kind, e.at.toISOString()])).toEqual([
      ['morning-open', '2026-01-13T00:00:00.000Z'],
      ['morning-close', '2026-01-13T02:30:00.000Z'],
      ['afternoon-open', '2026-01-13T03:30:00.000Z'],
      ['close', '2026-01-13T06:30:00.000Z'],
    ]);
  });

  it('finds the next open across lunch, nights, weekends and holidays', () => {
    expect(nextOpen(jstDate(2026, 1, 13, 8, 30)).toISOString()).toBe(jstDate(2026, 1, 13, 9, 0).toISOString());
    expect(nextOpen(jstDate(2026, 1, 13, 10, 0)).toISOString()).toBe(jstDate(2026, 1, 13, 12, 30).toISOString());
    expect(nextOpen(jstDate(2026, 1, 9, 16, 0)).toISOString()).toBe(jstDate(2026, 1, 13, 9, 0).toISOString());
    expect(nextOpen(jstDate(2025, 12, 30, 15, 30)).toISOString()).toBe(jstDate(2026, 1, 5, 9, 0).toISOString());
  });
});

describe('jstSecondOfDayMs', () => {
  it('agrees with the clock helper', () => {
    for (const iso of ['2026-01-13T00:00:00Z', '2026-01-12T15:00:00Z', '2026-01-13T06:29:59.999Z', '1969-12-31T20:00:00Z']) {
      const d = new Date(iso);
      expect(jstSecondOfDayMs(d.getTime())).toBe(jstSecondOfDay(d));
    }
  });
});
