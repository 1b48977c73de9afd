import { rebatePercent } from './rebate';

test('a ratio shows as the percentage the operator set, without float noise', () => {
  expect(rebatePercent(0.1)).toBe('10');
  expect(rebatePercent(0.125)).toBe('12.5');
  expect(rebatePercent(0.1234)).toBe('12.34');
  expect(rebatePercent(0.07)).toBe('7'); // 0.07 * 100 is 7.000000000000001 in floating point
  expect(rebatePercent(0)).toBe('0');
});
