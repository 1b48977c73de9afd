// The check the verification screen runs in the browser: the revealed seed hashes to the
// commitment published before book-building, and the published draw function (the one the
// server drew with, from the SDK), run here over the published applications, picks exactly
// the published winners. Pure and synchronous.
import { drawIpo, seedCommitment, verifyDraw, type IpoDrawEntry, type IpoDrawPublication } from '@kabuto/shared-sdk/schemas';

export interface DrawCheck {
  commitmentMatches: boolean;
  winnersMatch: boolean;
  recomputed: IpoDrawEntry[];
}

export function checkDraw(draw: IpoDrawPublication & { seed: string; applications: IpoDrawEntry[]; winners: IpoDrawEntry[] }): DrawCheck {
  const input = { seed: draw.seed, model: draw.model, lotsAvailable: draw.lotsAvailable, applications: draw.applications };
  let commitmentMatches = false;
  try {
    commitmentMatches = seedCommitment(draw.seed) === draw.commitment;
    return { commitmentMatches, winnersMatch: verifyDraw(input, draw.winners), recomputed: drawIpo(input) };
  } catch {
    // Published data the draw function refuses (a seed that is not hex, a duplicate id) cannot match.
    return { commitmentMatches, winnersMatch: false, recomputed: [] };
  }
}
