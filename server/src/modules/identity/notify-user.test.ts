import { fixedClock, realBusinessClock, type BusinessClock } from '../../clock';
import { simpleNotice } from '../../notifications/templates';
import { securityNotice } from './notify-user';

const real = fixedClock(new Date('2026-12-02T07:30:00Z'));

test('while the business clock is simulated, a security notice is filed in business time and names the real time', () => {
  const demo: BusinessClock = { mode: 'demo', now: () => new Date('2026-11-27T02:15:00Z') };
  const { stamp, notice } = securityNotice({ clock: real, businessClock: demo }, simpleNotice('password_changed'));
  expect(stamp.now().toISOString()).toBe('2026-11-27T02:15:00.000Z');
  expect(notice.body.en).toContain('(Real time: 2026-12-02 16:30 JST; the demo');
  expect(notice.body.jp).toContain('実時間：2026-12-02 16:30 JST');
  expect(notice.body.tw).toContain('實際時間：2026-12-02 16:30 JST');
  expect(notice.title).toEqual(simpleNotice('password_changed').title);
});

test('on the real calendar a security notice is left as it is, in real time', () => {
  const original = simpleNotice('passkey_added');
  const { stamp, notice } = securityNotice({ clock: real, businessClock: realBusinessClock(real) }, original);
  expect(stamp.now().toISOString()).toBe('2026-12-02T07:30:00.000Z');
  expect(notice).toBe(original);
  expect(securityNotice({ clock: real }, original).notice).toBe(original);
});
