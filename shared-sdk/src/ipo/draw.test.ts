/** @jest-environment node */
// The lottery as a verifier sees it: SHA-256 against the standard vectors and node:crypto, the
// draw a pure function of (seed, applications), and any change to either noticed.
import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { drawIpo, pseudonymousId, seedCommitment, sha256Hex, verifyDraw, verifyIpoDraw, type DrawEntry, type DrawInput } from './draw';

test('sha256Hex matches the FIPS 180-4 vectors and node:crypto on random input', () => {
  expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 300 }), fc.string(), (bytes, text) => {
      expect(sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }),
  );
});

test('the commitment is sha256 of the seed bytes', () => {
  const seed = randomBytes(32).toString('hex');
  expect(seedCommitment(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
});

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const appsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 60 })
  .chain((ids) => fc.tuple(...ids.map((id) => fc.integer({ min: 1, max: 5 }).map((lots): DrawEntry => ({ id: pseudonymousId('9Q2A', id), lots })))));
const inputArb = fc.record({
  seed: seedArb,
  model: fc.constantFrom<'perCustomer' | 'weighted'>('perCustomer', 'weighted'),
  lotsAvailable: fc.integer({ min: 0, max: 80 }),
  applications: appsArb,
});

function totalLots(winners: DrawEntry[]): number {
  return winners.reduce((s, w) => s + w.lots, 0);
}

test('the draw is a pure function of (seed, applications): same input in any order, same winners; never more than offered or applied', () => {
  fc.assert(
    fc.property(inputArb, fc.integer(), (input, shuffleSeed) => {
      const winners = drawIpo(input);
      const shuffled = [...input.applications].sort((a, b) => ((a.id.charCodeAt(3) * shuffleSeed) % 7) - ((b.id.charCodeAt(3) * shuffleSeed) % 7));
      expect(drawIpo({ ...input, applications: shuffled })).toEqual(winners);
      const tickets = input.model === 'weighted' ? input.applications.reduce((s, a) => s + a.lots, 0) : input.applications.length;
      expect(totalLots(winners)).toBe(Math.min(input.lotsAvailable, tickets));
      for (const w of winners) expect(w.lots).toBeLessThanOrEqual(input.applications.find((a) => a.id === w.id)!.lots);
      expect(verifyDraw(input, winners)).toBe(true);
    }),
  );
});

test('one ticket per customer: each winner gets exactly one lot', () => {
  fc.assert(
    fc.property(inputArb, (input) => {
      const scarce: DrawInput = { ...input, model: 'perCustomer', lotsAvailable: Math.min(input.lotsAvailable, input.applications.length) };
      for (const w of drawIpo(scarce)) expect(w.lots).toBe(1);
    }),
  );
});

test('a different seed, or one application changed, changes the result and the verifier notices', () => {
  // Enough applicants and scarce lots that the winner set is a real choice.
  const applications = Array.from({ length: 200 }, (_, i) => ({ id: pseudonymousId('9Q2A', i + 1), lots: 1 + (i % 3) }));
  const seed = randomBytes(32).toString('hex');
  const input: DrawInput = { seed, model: 'perCustomer', lotsAvailable: 20, applications };
  const winners = drawIpo(input);
  expect(verifyDraw({ ...input, seed: randomBytes(32).toString('hex') }, winners)).toBe(false);
  // A winner's application removed (the operator "forgets" it): the published winners no longer verify.
  const dropped = applications.filter((a) => a.id !== winners[0]!.id);
  expect(verifyDraw({ ...input, applications: dropped }, winners)).toBe(false);
  // An application's lots changed under the weighted model: a winner of w lots now applying for
  // w − 1 (or, having won one, gone) cannot win the same again.
  const weighted: DrawInput = { ...input, model: 'weighted' };
  const wWinners = drawIpo(weighted);
  const target = wWinners.find((w) => w.lots >= 2) ?? wWinners[0]!;
  const changed = applications.flatMap((a) => (a.id !== target.id ? [a] : target.lots >= 2 ? [{ ...a, lots: target.lots - 1 }] : []));
  expect(drawIpo({ ...weighted, applications: changed })).not.toEqual(wWinners);
  expect(verifyDraw({ ...weighted, applications: changed }, wWinners)).toBe(false);
  // A LOSING application removed also changes the result: every ticket's position shifts.
  const loser = applications.find((a) => !winners.some((w) => w.id === a.id))!;
  expect(verifyDraw({ ...input, applications: applications.filter((a) => a !== loser) }, winners)).toBe(false);
  // The whole publication check: honest → ok; a swapped seed → the commitment no longer matches.
  const publication = { seed, commitment: seedCommitment(seed), model: input.model, lotsAvailable: 20, applications, winners };
  expect(verifyIpoDraw(publication)).toMatchObject({ ok: true, commitmentMatches: true, winnersMatch: true });
  expect(verifyIpoDraw({ ...publication, seed: randomBytes(32).toString('hex') })).toMatchObject({ ok: false, commitmentMatches: false });
  // A tampered winners list.
  expect(verifyDraw(input, [...winners.slice(1), { id: applications.find((a) => !winners.some((w) => w.id === a.id))!.id, lots: 1 }])).toBe(false);
});

test('bad input is refused, not drawn', () => {
  expect(() => drawIpo({ seed: 'ab', model: 'perCustomer', lotsAvailable: 1, applications: [{ id: 'a', lots: 0 }] })).toThrow();
  expect(() =>
    drawIpo({
      seed: 'ab',
      model: 'perCustomer',
      lotsAvailable: 1,
      applications: [
        { id: 'a', lots: 1 },
        { id: 'a', lots: 1 },
      ],
    }),
  ).toThrow();
  expect(() => seedCommitment('not hex')).toThrow();
});
