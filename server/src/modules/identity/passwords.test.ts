// Key derivation stays off the event loop and a burst of it cannot take the whole libuv
// thread pool: at most MAX_CONCURRENT_DERIVATIONS run at once, the rest wait in order.
import { derivationLoad, hashPassword, MAX_CONCURRENT_DERIVATIONS, verifyPassword } from './passwords';

test('a burst of 12 password checks runs at most two derivations at once, and the event loop keeps answering', async () => {
  const stored = await hashPassword('123456');
  let most = 0;
  let ticks = 0;
  let longestGapMs = 0;
  let last = performance.now();
  const sampler = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
    ticks += 1;
    most = Math.max(most, derivationLoad().running);
  }, 5);
  const results = await Promise.all(Array.from({ length: 12 }, (_, i) => verifyPassword(i % 2 === 0 ? '123456' : '654321', stored)));
  clearInterval(sampler);
  expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 0));
  expect(MAX_CONCURRENT_DERIVATIONS).toBe(2);
  expect(most).toBeLessThanOrEqual(MAX_CONCURRENT_DERIVATIONS);
  expect(most).toBeGreaterThan(0);
  expect(derivationLoad()).toEqual({ running: 0, waiting: 0 });
  // The loop was free while twelve derivations ran (none ran on it): timers kept firing.
  expect(ticks).toBeGreaterThan(5);
  expect(longestGapMs).toBeLessThan(250);
}, 60_000);
