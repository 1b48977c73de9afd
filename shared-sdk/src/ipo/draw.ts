// The IPO lottery (docs/ipo.md §4): a pure function of the revealed seed and the published
// applications, so the server, `npm run ipo-verify` and the verification screen compute the
// same winners from the same public data (IpoDrawPublication of ipo/draw).
import { sha256Hex } from './sha256';

/** perCustomer: one ticket per application (Monex / Rakuten style); weighted: one ticket per lot applied for. */
export type DrawModel = 'perCustomer' | 'weighted';

/** One published application (or winner): pseudonymous id and lots. */
export interface DrawEntry {
  id: string;
  lots: number;
}

export interface DrawInput {
  /** The revealed seed: 64 lower-case hex digits (32 bytes). */
  seed: string;
  model: DrawModel;
  /** Lots on offer to the broker's customers. */
  lotsAvailable: number;
  applications: readonly DrawEntry[];
}

export const DRAW_ALGORITHM_NAME = 'kabuto-ipo-draw-v1';

function hexBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) throw new Error('seed must be lower-case hex bytes');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The commitment published when book-building opens: SHA-256 of the seed's bytes, hex. */
export function seedCommitment(seedHex: string): string {
  return sha256Hex(hexBytes(seedHex));
}

/** The public id of an application: the first 16 hex digits of sha256("kabuto-ipo:" + code + ":" + application id). */
export function pseudonymousId(code: string, applicationId: number): string {
  return sha256Hex(`kabuto-ipo:${code}:${applicationId}`).slice(0, 16);
}

const byId = (a: DrawEntry, b: DrawEntry) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * kabuto-ipo-draw-v1
 * 1. Sort applications by id (UTF-16 code unit order); refuse duplicate ids and lots that are not positive integers.
 * 2. Tickets in that order: perCustomer → one per application; weighted → one per lot applied for.
 * 3. Random words: block i = SHA-256(seed bytes ‖ uint32be(i)) for i = 0, 1, …; each block gives eight
 *    big-endian uint32 words, used in order.
 * 4. below(m): take words until w < 2^32 − (2^32 mod m) (rejection, so no value is favoured); answer w mod m.
 * 5. Partial Fisher–Yates: for i = 0 … min(lotsAvailable, tickets) − 1: j = i + below(tickets − i); swap t[i], t[j].
 * 6. The first min(lotsAvailable, tickets) tickets win one lot each; winners (id, lots won) sorted by id.
 * perCustomer therefore never gives anyone two lots (Monex: "nobody wins two units").
 */
export function drawIpo(input: DrawInput): DrawEntry[] {
  if (!/^[0-9a-f]{64}$/.test(input.seed)) throw new Error('seed must be 32 bytes of lower-case hex');
  if (!Number.isSafeInteger(input.lotsAvailable) || input.lotsAvailable < 0) throw new Error('lotsAvailable must be a whole number of lots');
  const apps = [...input.applications].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let count = 0;
  for (let i = 0; i < apps.length; i++) {
    const app = apps[i]!;
    if (!Number.isSafeInteger(app.lots) || app.lots <= 0) throw new Error(`application ${app.id}: lots must be a positive integer`);
    if (i > 0 && apps[i - 1]!.id === app.id) throw new Error(`duplicate application id ${app.id}`);
    count += input.model === 'weighted' ? app.lots : 1;
  }
  if (count > 0xffffffff) throw new Error('too many tickets');
  const tickets = new Uint32Array(count);
  for (let i = 0, t = 0; i < apps.length; i++) for (let c = input.model === 'weighted' ? apps[i]!.lots : 1; c > 0; c--) tickets[t++] = i;
  const seed = new Uint8Array(36);
  for (let i = 0; i < 32; i++) seed[i] = parseInt(input.seed.slice(i * 2, i * 2 + 2), 16);
  const counter = new DataView(seed.buffer);
  let block = '';
  let word = 8;
  let blockNo = 0;
  const nextWord = (): number => {
    if (word === 8) {
      counter.setUint32(32, blockNo++);
      block = sha256Hex(seed);
      word = 0;
    }
    return parseInt(block.slice(8 * word, 8 * word++ + 8), 16);
  };
  const below = (m: number): number => {
    const limit = 0x100000000 - (0x100000000 % m);
    for (;;) {
      const w = nextWord();
      if (w < limit) return w % m;
    }
  };
  const winning = Math.min(input.lotsAvailable, count);
  for (let i = 0; i < winning; i++) {
    const j = i + below(count - i);
    const held = tickets[i]!;
    tickets[i] = tickets[j]!;
    tickets[j] = held;
  }
  const won = new Uint32Array(apps.length);
  for (let i = 0; i < winning; i++) won[tickets[i]!]! += 1;
  const winners: DrawEntry[] = [];
  for (let i = 0; i < apps.length; i++) if (won[i]! > 0) winners.push({ id: apps[i]!.id, lots: won[i]! });
  return winners;
}

/** True when `winners` is exactly what drawIpo computes from the same public data (order ignored). */
export function verifyDraw(input: DrawInput, winners: readonly DrawEntry[]): boolean {
  const expected = drawIpo(input);
  const given = [...winners].sort(byId);
  return expected.length === given.length && expected.every((w, i) => w.id === given[i]!.id && w.lots === given[i]!.lots);
}

export { sha256Hex };

/** What a verifier reads from ipo/draw (IpoDrawPublication's fields that matter). */
export interface DrawPublicationLike {
  seed: string | null;
  commitment: string;
  model: DrawModel;
  lotsAvailable: number;
  applications: readonly DrawEntry[] | null;
  winners: readonly DrawEntry[] | null;
}

export interface DrawVerification {
  ok: boolean;
  commitmentMatches: boolean;
  winnersMatch: boolean;
  recomputed: DrawEntry[];
  problems: string[];
}

/** Every check a third party can make from the publication alone: the seed against the commitment, the winners against a recomputation. */
export function verifyIpoDraw(p: DrawPublicationLike): DrawVerification {
  if (p.seed === null || p.applications === null || p.winners === null) {
    return { ok: false, commitmentMatches: false, winnersMatch: false, recomputed: [], problems: ['not drawn yet'] };
  }
  const problems: string[] = [];
  let commitmentMatches = false;
  try {
    commitmentMatches = seedCommitment(p.seed) === p.commitment;
  } catch {
    problems.push('the seed is not hex');
  }
  if (!commitmentMatches) problems.push('SHA-256(seed) differs from the published commitment');
  let recomputed: DrawEntry[] = [];
  try {
    recomputed = drawIpo({ seed: p.seed, model: p.model, lotsAvailable: p.lotsAvailable, applications: p.applications });
  } catch (error) {
    problems.push(`the applications cannot be drawn: ${error instanceof Error ? error.message : String(error)}`);
  }
  const given = [...p.winners].sort(byId);
  const winnersMatch = recomputed.length === given.length && recomputed.every((w, i) => w.id === given[i]!.id && w.lots === given[i]!.lots);
  if (!winnersMatch) problems.push('the published winners differ from the recomputed ones');
  return { ok: problems.length === 0, commitmentMatches, winnersMatch, recomputed, problems };
}
