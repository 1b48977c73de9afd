import { IDEMPOTENCY_KEY_PATTERN } from '../schemas/funds';
import { createSubmissionKeys } from './submission-keys';

describe('submission keys', () => {
  it('reuses the key for a retry of the same form and makes a new one once it is settled', () => {
    const keys = createSubmissionKeys();
    const first = keys.keyFor({ channelId: 'bank-jpy', amount: '10000', proofKey: 'imgs/a.png' });
    expect(first).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(keys.keyFor({ amount: '10000', proofKey: 'imgs/a.png', channelId: 'bank-jpy' })).toBe(first);
    keys.settle();
    expect(keys.keyFor({ channelId: 'bank-jpy', amount: '10000', proofKey: 'imgs/a.png' })).not.toBe(first);
  });

  it('never sends one key with two different forms', () => {
    let n = 0;
    const keys = createSubmissionKeys(() => `key-${(n += 1)}-abcdef`);
    const a = keys.keyFor({ amount: '100' });
    const b = keys.keyFor({ amount: '200' });
    expect(a).not.toBe(b);
    expect(keys.keyFor({ amount: '100' })).not.toBe(a);
  });
});
