import { fixedClock } from '../../../clock';
import { createPolicyGrant, decodePolicy, signatureMatches, signPolicy } from './policy';

const encode = (document: unknown) => Buffer.from(JSON.stringify(document)).toString('base64');

describe('upload policy', () => {
  const clock = fixedClock(new Date('2025-01-06T01:00:00Z'));

  it('signs with HMAC-SHA1 over the base64 policy (OSS V1)', () => {
    // RFC 2202 test case 2: key "Jefe", data "what do ya want for nothing?".
    expect(Buffer.from(signPolicy('Jefe', 'what do ya want for nothing?'), 'base64').toString('hex')).toBe('effcdf6ae5eb2fa2d27416d5f184df9c259a7c79');
  });

  it('round-trips a grant through decodePolicy and signatureMatches', () => {
    const grant = createPolicyGrant({
      clock,
      secret: 's3cret-s3cret-s3cret',
      baseUrl: 'http://x/uploads/',
      key: 'imgs/AAAAAAAAAAAAAAA.png',
      owner: 42,
      purpose: 'kyc-front',
      url: 'http://x/uploads/signed/1/s/imgs/AAAAAAAAAAAAAAA.png',
    });
    expect(signatureMatches('s3cret-s3cret-s3cret', grant.policy, grant.signature)).toBe(true);
    expect(signatureMatches('another-secret-value', grant.policy, grant.signature)).toBe(false);
    expect(decodePolicy(grant.policy)).toEqual({
      expiration: new Date('2025-01-06T01:15:00Z'),
      keyPrefix: 'imgs/',
      minBytes: 1,
      maxBytes: 5 * 1024 * 1024,
      key: 'imgs/AAAAAAAAAAAAAAA.png',
      owner: 42,
      purpose: 'kyc-front',
    });
  });

  it('rejects policies it did not shape', () => {
    const expiration = '2025-01-06T01:15:00.000Z';
    expect(decodePolicy('%%%not-base64%%%')).toBeNull();
    expect(decodePolicy(encode({ expiration, conditions: [['starts-with', '$key', 'imgs/']] }))).toBeNull();
    expect(decodePolicy(encode({ expiration: 'tomorrow', conditions: [] }))).toBeNull();
    // Every binding is required: a policy without its key, owner or purpose binds nothing.
    const bound = [
      ['starts-with', '$key', 'imgs/'],
      ['eq', '$key', 'imgs/AAAAAAAAAAAAAAA.png'],
      ['content-length-range', 1, 2],
      { 'x-kabuto-owner': '7' },
      { 'x-kabuto-purpose': 'deposit-proof' },
    ];
    expect(decodePolicy(encode({ expiration, conditions: bound }))).not.toBeNull();
    for (let i = 0; i < bound.length; i += 1) {
      expect(decodePolicy(encode({ expiration, conditions: bound.filter((_, j) => j !== i) }))).toBeNull();
      expect(decodePolicy(encode({ expiration, conditions: [...bound, bound[i]] }))).toBeNull();
    }
    expect(decodePolicy(encode({ expiration, conditions: [...bound.slice(0, 4), { 'x-kabuto-purpose': 'selfie' }] }))).toBeNull();
    expect(
      decodePolicy(
        encode({
          expiration,
          conditions: [
            ['starts-with', '$key', 'imgs/'],
            ['content-length-range', 10, 1],
          ],
        }),
      ),
    ).toBeNull();
    expect(
      decodePolicy(
        encode({
          expiration,
          conditions: [
            ['starts-with', '$key', 'imgs/'],
            ['content-length-range', 1, 2],
            ['eq', '$bucket', 'b'],
          ],
        }),
      ),
    ).toBeNull();
  });
});
