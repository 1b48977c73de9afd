import { alreadyMet, type AlertDraftRule } from './alert-rule';

const quote = { last: 27_905, previousClose: 27_500 }; // ¥2,790.5, prev. close ¥2,750 (+1.47%)
const rule = (over: Partial<AlertDraftRule>): AlertDraftRule => ({ kind: 'above', price: '', movePercent: '', direction: 'both', ...over });

test.each([
  [rule({ kind: 'above', price: '2700' }), true],
  [rule({ kind: 'above', price: '2790.5' }), true],
  [rule({ kind: 'above', price: '2791' }), false],
  [rule({ kind: 'below', price: '2800' }), true],
  [rule({ kind: 'below', price: '2790' }), false],
  [rule({ kind: 'move', movePercent: '1.4', direction: 'both' }), true],
  [rule({ kind: 'move', movePercent: '1.4', direction: 'up' }), true],
  [rule({ kind: 'move', movePercent: '1.4', direction: 'down' }), false],
  [rule({ kind: 'move', movePercent: '1.5', direction: 'both' }), false],
  [rule({ kind: 'above', price: 'abc' }), false],
  [rule({ kind: 'move', movePercent: '' }), false],
])('%o already met: %s', (r, met) => {
  expect(alreadyMet(r, quote)).toBe(met);
});

test('nothing is met before the first trade', () => {
  expect(alreadyMet(rule({ kind: 'below', price: '9999' }), { last: null, previousClose: 27_500 })).toBe(false);
});
