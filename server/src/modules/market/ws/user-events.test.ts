// The in-process hub's resume window: ids in order, replay after an id, a gap when frames were dropped.
import { createUserEventHub } from './user-events';

const balance = { event: 'balance' as const, data: { reason: 'deposit' as const } };

test('replays the user’s frames after an id, in order, and only theirs', async () => {
  const hub = createUserEventHub();
  const ids: string[] = [];
  const off = hub.subscribe(1, (frame, id) => {
    expect(JSON.parse(frame)).toMatchObject({ channel: 'user', id, event: 'balance' });
    ids.push(id);
  });
  hub.publish(1, balance);
  hub.publish(2, balance);
  hub.publish(1, balance);
  hub.publish(1, balance);
  off();
  expect(ids).toHaveLength(3);
  expect(hub.position(ids[1]!)).toBeGreaterThan(hub.position(ids[0]!));
  const replay = await hub.replay(1, ids[0]);
  if (replay === 'gap') throw new Error('expected a replay');
  expect(replay.frames.map((f) => f.id)).toEqual(ids.slice(1));
  expect(replay.last).toBe(ids[2]);
  expect(await hub.replay(1, ids[2])).toEqual({ frames: [], last: ids[2] });
  expect(await hub.replay(1)).toEqual({ frames: [], last: ids[2] });
  // Not of this run, not an id, or ahead of the count.
  expect(await hub.replay(1, 'other.1')).toBe('gap');
  expect(await hub.replay(1, 'x')).toBe('gap');
  const [run] = ids[0]!.split('.');
  expect(await hub.replay(1, `${run}.99`)).toBe('gap');
  expect(hub.position('other.1')).toBeNaN();
});

test('a gap once the ring dropped what the client missed, by count or by age', async () => {
  let now = 0;
  const hub = createUserEventHub({ ringSize: 3, ringAgeMs: 1000, now: () => now });
  const ids: string[] = [];
  hub.subscribe(1, (_, id) => ids.push(id));
  for (let i = 0; i < 5; i += 1) hub.publish(1, balance);
  // Five published, three kept: after the first the second is gone; after the second, all kept.
  expect(await hub.replay(1, ids[0])).toBe('gap');
  const kept = await hub.replay(1, ids[1]);
  expect(kept !== 'gap' && kept.frames.map((f) => f.id)).toEqual(ids.slice(2));
  now = 2000;
  expect(await hub.replay(1, ids[3])).toBe('gap');
  // Up to date: nothing was dropped after it.
  expect(await hub.replay(1, ids[4])).toEqual({ frames: [], last: ids[4] });
});
