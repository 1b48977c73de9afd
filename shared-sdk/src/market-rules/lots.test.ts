/** @jest-environment node */
import { lotsToShares, TSE_LOT_SHARES, wholeLots } from './lots';

describe('trading unit', () => {
  it('is 100 shares (JPX unit standardisation, 2018)', () => {
    expect(TSE_LOT_SHARES).toBe(100);
    expect(lotsToShares(3)).toBe(300);
  });

  it('counts whole lots only, an odd-lot remainder dropped', () => {
    expect(wholeLots(250)).toBe(2);
    expect(wholeLots(99)).toBe(0);
    expect(wholeLots(30, 10)).toBe(3);
  });
});
