import type { BusinessClockInfo } from '@kabuto/shared-sdk/schemas';
import { jstDateTime, simulatedTimeAt } from './business-clock';

describe('jstDateTime', () => {
  it('agrees with Intl in Asia/Tokyo, across the JST and UTC date lines', () => {
    const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });
    const instants = ['2026-11-24T14:59:00Z', '2026-11-24T15:00:00Z', '2026-11-24T23:59:59Z', '2026-06-30T02:25:30Z', '2027-01-01T00:00:00Z'];
    for (const iso of instants) {
      const at = Date.parse(iso);
      expect(jstDateTime(at)).toEqual({ date: date.format(new Date(at)), time: time.format(new Date(at)) });
    }
    expect(jstDateTime(Date.parse('2026-11-24T15:05:00Z'))).toEqual({ date: '2026-11-25', time: '00:05' });
  });
});

describe('simulatedTimeAt', () => {
  const info = (now: number): BusinessClockInfo & { receivedAt: number } => ({
    now,
    realNow: Date.UTC(2026, 10, 23, 17, 25),
    simulated: true,
    mode: 'demo',
    jstDate: '',
    jstTime: '',
    receivedAt: 1_000,
  });

  it('never shows an earlier time than it showed, though the page ran ahead of the server', () => {
    const shown = simulatedTimeAt(info(Date.UTC(2026, 10, 24, 6, 29)), 121_000);
    expect(shown).toMatchObject({ date: '2026-11-24', time: '15:31' });
    // The server held at 15:30 while it passed the night: the header stays at what it showed …
    expect(simulatedTimeAt(info(Date.UTC(2026, 10, 24, 6, 30)), 1_000, shown?.at)).toMatchObject({ time: '15:31' });
    // … and then shows the next business day.
    expect(simulatedTimeAt(info(Date.UTC(2026, 10, 25, 0, 0)), 1_000, shown?.at)).toMatchObject({ date: '2026-11-25', time: '09:00' });
  });
});
