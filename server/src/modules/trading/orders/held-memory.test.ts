import { HeldMemory } from './held-memory';

test('remembered holds are used only at the next lock version after the writer’s own', () => {
  const memory = new HeldMemory();
  memory.remember(7, 10, 500n);
  expect(memory.heldAt(7, 11)).toBe(500n);
  // Somebody else held the lock in between (12), or the version is not known: read again.
  expect(memory.heldAt(7, 12)).toBeUndefined();
  expect(memory.heldAt(7, 10)).toBeUndefined();
  expect(memory.heldAt(7, undefined)).toBeUndefined();
  expect(memory.heldAt(8, 1)).toBeUndefined();
  memory.forget([7]);
  expect(memory.heldAt(7, 11)).toBeUndefined();
});

test('at most `max` customers are remembered; the least recently written is forgotten first', () => {
  const memory = new HeldMemory(2);
  memory.remember(1, 1, 10n);
  memory.remember(2, 1, 20n);
  memory.remember(1, 2, 11n); // written again: now the most recent
  memory.remember(3, 1, 30n);
  expect(memory.heldAt(2, 2)).toBeUndefined();
  expect(memory.heldAt(1, 3)).toBe(11n);
  expect(memory.heldAt(3, 2)).toBe(30n);
});
