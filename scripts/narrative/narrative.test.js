// Keeps work-log narrative out (narrative.js): the repository has none, the patterns catch each
// kind of narrative line, and the legitimate text that looks like it passes.
// Run by `npm test` (scripts/test.js) with the architecture rules' and the stack's tests.
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test } = require('node:test');
const { findNarrative, narrativeProblems } = require('./narrative');

const ROOT = path.resolve(__dirname, '../..');

// The bad lines are assembled at run time, so this file does not itself hold what it forbids.
const n = 9;
const BAD = [
  `// Input hygiene at one place (issue ${n}): every form field is checked.`,
  `// Issue ${n}, as the attacker sends it`,
  `  keyed by the token (session ${n}: hashing it cost ~8 µs)`,
  `| s${n} before, 07:22 | postgres |`,
  `1.0M median against 0.61M for the session-${n} build`,
  `Ten sessions ${n} to 19 of tuning`,
  `the fix from the third ${'sit'}ting`,
  `found when it was ${'reported'} by a customer`,
  `replays the outside ${'probe'} (propose +¥777)`,
  `the page ${'previous'}ly asked for its data late`,
  `This check ${'was added'} in the spring.`,
  `## ${'2026'}-11-24: tried two writers`,
  `describe('issue #${n} screens', () => {`,
];

const GOOD = [
  "it('ends any session 12 hours after login however active', async () => {",
  'a session cookie is HttpOnly and SameSite=Strict',
  'the night session 16:30 → 06:00 the next day',
  'the trading session opens at 09:00; a new session asks for the fund password again',
  "expect(body).toEqual({ reason: 'fraud report #12' })",
  'listed 2026-04-01: new listings start as 信用銘柄',
  'the bench prints the issue of each release and issues a warning',
  'background: var(--kabuto-surface-raised, #183026);',
  'the fixed price is no longer within ±7 % of the previous close',
  'sessions: 4 per user at most',
];

test('the repository holds no work-log narrative', () => {
  assert.deepEqual(narrativeProblems(ROOT), []);
});

test('each kind of narrative line is caught', () => {
  for (const line of BAD) assert.equal(findNarrative(line).length, 1, `not caught: ${line}`);
});

test('legitimate text that looks like narrative passes', () => {
  for (const line of GOOD) assert.deepEqual(findNarrative(line), [], `caught: ${line}`);
});

test("a tracked file's narrative is listed as file:line; binary, lockfile and dist are not read", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'narrative-'));
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('docs/rules.md', `# Rules\n\nA lot is 100 shares.\n${BAD[0]}\n`);
  write('package-lock.json', BAD[1]);
  write('shell/dist/main.js', BAD[1]);
  write('logo.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]), Buffer.from(BAD[1])]));
  execFileSync('git', ['init', '-q'], { cwd: root });
  execFileSync('git', ['add', '-A', '-f'], { cwd: root });
  assert.deepEqual(narrativeProblems(root), [`docs/rules.md:4: numbered session, sitting or issue: ${BAD[0]}`]);
  fs.rmSync(root, { recursive: true, force: true });
});
