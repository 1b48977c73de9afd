// Keeps work-log narrative out of the repository's text: docs, comments, test names and bench
// output say what is true now (rules with sources, design and its reasons, how to run, figures
// with command, machine and date); the story of how it got there lives in commit messages.
// `node scripts/narrative/narrative.js` lists every offending file:line; the node:test next to it
// fails on any, so `npm test` keeps them out.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

// Times legitimately follow "session" (a login session lasts 12 hours; the night session 16:30 →
// 06:00), so a number followed by a unit of time or by ":mm" is not a numbered sitting.
const NOT_A_TIME = String.raw`(?!:\d|\s*(?:ms|s|sec|seconds?|min|minutes?|h|hours?|days?|weeks?)\b)`;

/** Each pattern names what it catches, so a failure says why the line is narrative. */
const PATTERNS = [
  {
    name: 'numbered session, sitting or issue',
    re: new RegExp(String.raw`\b(?:session|sitting|issue)s?[\s-]*#?\d+\b` + NOT_A_TIME, 'i'),
  },
  { name: 'numbered build side by side (s<n> before/after)', re: /\bs\d+\s+(?:before|after)\b/i },
  { name: 'ordinal sitting', re: /\b(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|last|next)\s+sitting\b/i },
  { name: 'who reported what', re: /\breported by\b/i },
  { name: 'who probed what', re: /\boutside probe\b/i },
  // Spelled in two parts so that this line does not hold the word it forbids.
  { name: 'history adverb', re: /\bprevious(?:ly)\b/i },
  { name: 'history (added/dropped in)', re: /\b(?:was|were)\s+(?:added|introduced|dropped|removed)\s+in\b/i },
  // A dated heading is a work-log entry; a date in running text (a listing date, a source's date) is fine.
  { name: 'dated work-log heading', re: /^\s*#{1,6}\s.*\b(?:19|20)\d\d-\d\d-\d\d\b/ },
];

// Paths never scanned: generated or vendored text, and the lockfile.
const SKIPPED = [/(^|\/)package-lock\.json$/, /(^|\/)node_modules\//, /(^|\/)dist\//];

/** The narrative found in one text: [{ line, pattern, text }], lines counted from 1. */
function findNarrative(text) {
  const found = [];
  text.split('\n').forEach((line, i) => {
    for (const { name, re } of PATTERNS) {
      if (re.test(line)) {
        found.push({ line: i + 1, pattern: name, text: line.trim() });
        break;
      }
    }
  });
  return found;
}

function isBinary(buffer) {
  return buffer.subarray(0, 8000).includes(0);
}

/**
 * Every text file of the repository at `root` that git tracks or would (new files not yet added
 * count too) with narrative, as `file:line: why: text`.
 */
function narrativeProblems(root) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => file && !SKIPPED.some((re) => re.test(file)));
  const problems = [];
  for (const file of files) {
    let buffer;
    try {
      buffer = fs.readFileSync(path.join(root, file));
    } catch {
      continue; // deleted in the work tree, not yet committed
    }
    if (isBinary(buffer)) continue;
    for (const { line, pattern, text } of findNarrative(buffer.toString('utf8'))) {
      problems.push(`${file}:${line}: ${pattern}: ${text.slice(0, 160)}`);
    }
  }
  return problems;
}

module.exports = { PATTERNS, findNarrative, narrativeProblems };

if (require.main === module) {
  const problems = narrativeProblems(path.resolve(__dirname, '../..'));
  for (const problem of problems) console.log(problem);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
