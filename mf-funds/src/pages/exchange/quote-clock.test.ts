import { quoteSecondsLeft } from './quote-clock';

test('counts the quote down from its arrival on this device', () => {
  const quote = { createdAt: '2030-01-01T00:00:00.000Z', expiresAt: '2030-01-01T00:00:30.000Z' };
  const arrived = Date.parse('2025-06-01T12:00:00.000Z'); // a device clock far from the server's
  expect(quoteSecondsLeft(quote, arrived, arrived)).toBe(30);
  expect(quoteSecondsLeft(quote, arrived, arrived + 10_500)).toBe(20);
  expect(quoteSecondsLeft(quote, arrived, arrived + 30_000)).toBe(0);
  expect(quoteSecondsLeft(quote, arrived, arrived + 99_000)).toBe(0);
});
