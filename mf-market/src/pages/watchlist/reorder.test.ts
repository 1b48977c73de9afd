import { moveCode } from './reorder';

describe('moveCode', () => {
  it('swaps with the neighbour', () => {
    expect(moveCode(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveCode(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
  });
  it('refuses to move past either end or an unknown code', () => {
    expect(moveCode(['a', 'b'], 'a', -1)).toBeNull();
    expect(moveCode(['a', 'b'], 'b', 1)).toBeNull();
    expect(moveCode(['a', 'b'], 'z', 1)).toBeNull();
  });
});
