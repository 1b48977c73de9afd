// `npm run ipo-verify -- <code> [--url http://localhost:8080] [--file draw.json] [--json]`
// Recomputes a published IPO draw (docs/ipo.md §4) and says whether it matches what the
// server announced. It reads only public data: the answer of `POST /api/vue/ipo/draw`, which
// needs no session (or a saved copy of that answer's `data` with --file). The commitment is
// checked with Node's own SHA-256, the winners with drawIpo — the function the server drew
// with — from the built SDK (`npx lerna run build --scope @kabuto/shared-sdk`; `npm start` builds it).
// Exit code: 0 the draw matches, 1 it does not, 2 it could not be checked (not drawn yet, no server, …).
const crypto = require('crypto');
const fs = require('fs');

function usage(message) {
  if (message) console.error(message);
  console.error('usage: npm run ipo-verify -- <code> [--url http://localhost:8080] [--file draw.json] [--json]');
  process.exit(2);
}

function parseArgs(argv) {
  const args = { code: null, url: process.env.KABUTO_URL || `http://localhost:${process.env.PORT || 8080}`, file: null, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--url') args.url = argv[++i];
    else if (a === '--file') args.file = argv[++i];
    else if (a === '--json') args.json = true;
    else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else if (args.code === null) args.code = a.trim().toUpperCase();
    else usage(`unexpected argument ${a}`);
  }
  if (!args.file && !/^[0-9A-Z]{4}$/.test(args.code ?? '')) usage('give the 4-character stock code of the issue');
  return args;
}

async function fetchPublication(url, code) {
  const response = await fetch(new URL('/api/vue/ipo/draw', url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ code }).toString(),
  });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  const envelope = await response.json();
  if (envelope.status !== 1) throw new Error(`the server refused: ${envelope.msg}`);
  return envelope.data;
}

const byId = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every check a third party can make from the publication alone. */
function check(publication, drawIpo) {
  const problems = [];
  const { seed, commitment, applications, winners } = publication;
  if (seed === null || applications === null || winners === null)
    return { ok: false, pending: true, problems: ['the draw has not been published yet (no seed, applications or winners)'] };
  if (!/^[0-9a-f]{64}$/.test(seed)) problems.push('the revealed seed is not 32 bytes of lower-case hex');
  const hashed = /^[0-9a-f]{64}$/.test(seed) ? crypto.createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex') : null;
  const commitmentMatches = hashed === commitment;
  if (!commitmentMatches) problems.push(`SHA-256(seed) = ${hashed} but the commitment published at ${publication.committedAt} was ${commitment}`);
  let recomputed = [];
  try {
    recomputed = drawIpo({ seed, model: publication.model, lotsAvailable: publication.lotsAvailable, applications }).sort(byId);
  } catch (error) {
    problems.push(`the published applications cannot be drawn: ${error.message}`);
  }
  const announced = [...winners].sort(byId);
  const same = announced.length === recomputed.length && announced.every((w, i) => w.id === recomputed[i].id && w.lots === recomputed[i].lots);
  if (!same) {
    const want = new Map(recomputed.map((w) => [w.id, w.lots]));
    const got = new Map(announced.map((w) => [w.id, w.lots]));
    const differ = [...new Set([...want.keys(), ...got.keys()])].filter((id) => want.get(id) !== got.get(id)).slice(0, 10);
    problems.push(
      `the announced winners differ from the recomputed ones, e.g. ${differ.map((id) => `${id}: announced ${got.get(id) ?? 0}, recomputed ${want.get(id) ?? 0}`).join('; ')}`,
    );
  }
  return { ok: problems.length === 0, commitmentMatches, winnersMatch: same, applications: applications.length, winners: announced.length, problems };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  let drawIpo;
  try {
    ({ drawIpo } = require('@kabuto/shared-sdk/schemas'));
  } catch {
    throw new Error('the SDK is not built: run `npx lerna run build --scope @kabuto/shared-sdk` first');
  }
  const publication = args.file ? JSON.parse(fs.readFileSync(args.file, 'utf8')) : await fetchPublication(args.url, args.code);
  const result = check(publication, drawIpo);
  if (args.json) console.log(JSON.stringify({ code: publication.code, algorithm: publication.algorithm, ...result }, null, 2));
  else {
    console.log(
      `${publication.code} (${publication.name?.en ?? ''}, simulated) — algorithm ${publication.algorithm}, model ${publication.model}, ${publication.lotsAvailable} lots`,
    );
    if (result.applications !== undefined) console.log(`${result.applications} published applications, ${result.winners} announced winners`);
    console.log(result.ok ? 'MATCH: the seed hashes to the commitment and the winners recompute exactly.' : `MISMATCH:\n - ${result.problems.join('\n - ')}`);
  }
  process.exit(result.ok ? 0 : result.pending ? 2 : 1);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(`ipo-verify: ${error.message}`);
    process.exit(2);
  });
}

module.exports = { check };
