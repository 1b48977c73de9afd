// The checked-credential memory: concurrent checks share one read, a change forgets at once,
// a read that a change overtook is not remembered, and off means off.
import { CheckedCache } from './checked-cache';

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

it('shares one read among concurrent checks of a key and remembers its value', async () => {
  const cache = new CheckedCache<{ user: number }>(60_000);
  const read = deferred<{ user: number }>();
  let reads = 0;
  const reader = () => {
    reads += 1;
    return read.promise;
  };
  const checks = [cache.load('t', reader), cache.load('t', reader), cache.load('t', reader)];
  read.resolve({ user: 7 });
  expect(await Promise.all(checks)).toEqual([{ user: 7 }, { user: 7 }, { user: 7 }]);
  expect(reads).toBe(1);
  expect(await cache.load('t', reader)).toEqual({ user: 7 });
  expect(reads).toBe(1);
});

it('does not remember a value read while something was forgotten, and reads again after', async () => {
  const cache = new CheckedCache<{ user: number }>(60_000);
  const stale = deferred<{ user: number }>();
  const first = cache.load('t', () => stale.promise);
  cache.forget((v) => v.user === 7);
  // A check after the change does not join the read that started before it.
  let reads = 0;
  const second = cache.load('t', async () => {
    reads += 1;
    return { user: 8 };
  });
  stale.resolve({ user: 7 });
  expect(await first).toEqual({ user: 7 });
  expect(await second).toEqual({ user: 8 });
  expect(reads).toBe(1);
  expect(cache.get('t')).toEqual({ user: 8 });
});

it('forgets the entries a change names, keeps the others, and keeps what `keep` refuses out', async () => {
  const cache = new CheckedCache<{ user: number; revoked: boolean }>(60_000);
  await cache.load('a', async () => ({ user: 1, revoked: false }));
  await cache.load('b', async () => ({ user: 2, revoked: false }));
  await cache.load(
    'c',
    async () => ({ user: 3, revoked: true }),
    (v) => !v.revoked,
  );
  cache.forget((v) => v.user === 1);
  expect(cache.get('a')).toBeUndefined();
  expect(cache.get('b')).toEqual({ user: 2, revoked: false });
  expect(cache.get('c')).toBeUndefined();
  cache.clear();
  expect(cache.get('b')).toBeUndefined();
});

it('reads every time when off', async () => {
  const cache = new CheckedCache<number>(0);
  let reads = 0;
  const reader = async () => ++reads;
  await Promise.all([cache.load('t', reader), cache.load('t', reader)]);
  await cache.load('t', reader);
  expect(reads).toBe(3);
});
