import { SESSION_TIMES } from '../rules/calendar';
import { MINUTE_SLOTS, slotIndexOf } from './session-clock';
import { SLOT_VOLUME_WEIGHTS, activityAt } from './volume-curve';

describe('intraday volume curve', () => {
  it('is U-shaped: open and close busier than midday, zero outside Zaraba', () => {
    const t = SESSION_TIMES;
    const open = activityAt(t.morningOpen + 60);
    const midMorning = activityAt(t.morningOpen + 75 * 60);
    const lateAfternoon = activityAt(t.closingAuction - 60);
    expect(open).toBeGreaterThan(2 * midMorning);
    expect(lateAfternoon).toBeGreaterThan(2 * midMorning);
    expect(activityAt(t.morningClose + 60)).toBe(0);
    expect(activityAt(t.closingAuction + 60)).toBe(0);
  });

  it('spreads the whole day over 327 minute slots', () => {
    expect(MINUTE_SLOTS).toHaveLength(327);
    expect(SLOT_VOLUME_WEIGHTS.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(slotIndexOf(SESSION_TIMES.morningOpen + 59)).toBe(0);
    expect(slotIndexOf(SESSION_TIMES.close)).toBe(326);
    expect(slotIndexOf(SESSION_TIMES.closingAuction + 60)).toBe(-1);
  });
});
