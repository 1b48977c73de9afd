// The memory's own rules (per-user-cache.ts): a change while an answer is being read is never
// remembered, entries end with their ttl and their stamp, and a family forgets in every member.
import { perUserCacheFamily } from './per-user-cache';

const family = perUserCacheFamily<{ v: number }>('per-user-cache-test');
const answer = (v: number) => ({ v });

it('does not remember an answer read while something was forgotten', async () => {
  const cache = family.create(60_000);
  let finish: (value: { v: number }) => void = () => undefined;
  const reading = cache.read(7, () => new Promise((resolve) => (finish = resolve)));
  // The write (and its after-commit forget) lands while the old facts are on their way back.
  family.forget(7);
  finish(answer(1));
  expect(await reading).toEqual(answer(1));
  expect(await cache.read(7, async () => answer(2))).toEqual(answer(2));
  // Read with nothing forgotten meanwhile: remembered.
  expect(await cache.read(7, async () => answer(3))).toEqual(answer(2));
  cache.close();
});

it('reads anew after ttl, and always when off', async () => {
  const off = family.create(0);
  expect(await off.read(1, async () => answer(1))).toEqual(answer(1));
  expect(await off.read(1, async () => answer(2))).toEqual(answer(2));
  const short = family.create(1);
  await short.read(1, async () => answer(1));
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(await short.read(1, async () => answer(2))).toEqual(answer(2));
  short.close();
});

it('reads anew when the stamp changed (a new business date)', async () => {
  const cache = family.create(60_000);
  expect(await cache.read(1, async () => answer(1), '2026-11-26')).toEqual(answer(1));
  expect(await cache.read(1, async () => answer(2), '2026-11-26')).toEqual(answer(1));
  expect(await cache.read(1, async () => answer(3), '2026-11-27')).toEqual(answer(3));
  cache.close();
});

it('forgets a user in every cache of the family, and a closed cache no longer takes part', async () => {
  const a = family.create(60_000);
  const b = family.create(60_000);
  await a.read(1, async () => answer(1));
  await b.read(1, async () => answer(1));
  await a.read(2, async () => answer(1));
  family.forget(1);
  expect(await a.read(1, async () => answer(5))).toEqual(answer(5));
  expect(await b.read(1, async () => answer(5))).toEqual(answer(5));
  expect(await a.read(2, async () => answer(5))).toEqual(answer(1));
  b.close();
  family.forget(1);
  expect(await b.read(1, async () => answer(6))).toEqual(answer(6));
  a.close();
});
