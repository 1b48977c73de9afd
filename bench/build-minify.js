// A remote's production build with mf-build's minifier (swc) beside webpack's default one
// (terser, the minifier before), measured side by side in one run: the same remote built
// with each in turn, alternated, ROUNDS rounds, each build in a process of its own (nothing
// warm carried from one to the next). Prints every build's seconds and output size (its
// scripts and stylesheets, gzip -9) and the ratio of the medians.
//   node build-minify.js [remote] [rounds]     defaults: mf-market (the largest output), 3
// Needs the SDK built (npm run build -w @kabuto/shared-sdk): the remotes import its dist/.
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');

const REPO_ROOT = path.resolve(__dirname, '..');
const MINIFIERS = ['terser', 'swc'];

/** In the child: builds `dir` with `minifier` into `outDir`, prints {seconds} as JSON. */
function buildOnce(dir, minifier, outDir) {
  const started = performance.now();
  const webpack = require(require.resolve('webpack', { paths: [dir] }));
  let config = require(path.join(dir, 'webpack.config.js'));
  if (typeof config === 'function') config = config({}, { mode: 'production' });
  // '...' is webpack's own default minimizer: terser, compress passes 2.
  if (minifier === 'terser') config.optimization.minimizer = ['...'];
  config.output.path = outDir;
  webpack(config, (error, stats) => {
    if (error || stats.hasErrors()) {
      console.error(error || stats.toString('errors-only'));
      process.exit(1);
    }
    console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000 }));
  });
}

/** Bytes (raw and gzip -9) of the scripts and stylesheets a build wrote. */
function outputSize(dir) {
  let raw = 0;
  let gzip = 0;
  for (const file of fs.readdirSync(dir)) {
    if (!/\.(js|css)$/.test(file)) continue;
    const bytes = fs.readFileSync(path.join(dir, file));
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

function main() {
  const remote = process.argv[2] || 'mf-market';
  const rounds = Number(process.argv[3] || 3);
  const dir = path.join(REPO_ROOT, remote);
  if (!fs.existsSync(path.join(REPO_ROOT, 'shared-sdk/dist/esm'))) throw new Error('build the SDK first: npm run build -w @kabuto/shared-sdk');
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-build-minify-'));
  const results = Object.fromEntries(MINIFIERS.map((m) => [m, { seconds: [], size: null }]));
  try {
    for (let round = 1; round <= rounds; round++) {
      // Alternated, the first one changing each round: a busier moment hits both alike.
      const order = round % 2 ? MINIFIERS : [...MINIFIERS].reverse();
      for (const minifier of order) {
        const outDir = path.join(out, minifier);
        const child = spawnSync(process.execPath, [__filename, '--build', dir, minifier, outDir], { cwd: dir, encoding: 'utf8' });
        if (child.status !== 0) throw new Error(`${remote} build with ${minifier} failed:\n${child.stdout}${child.stderr}`);
        const { seconds } = JSON.parse(child.stdout.trim().split('\n').pop());
        const size = outputSize(outDir);
        results[minifier].seconds.push(seconds);
        results[minifier].size = size;
        console.log(`round ${round}  ${minifier.padEnd(6)}  ${seconds.toFixed(1).padStart(5)} s  JS+CSS ${kib(size.raw)}, gzip ${kib(size.gzip)}`);
      }
    }
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
  const [before, after] = MINIFIERS.map((m) => results[m]);
  console.log(`\n${remote} production build, median of ${rounds} (${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}):`);
  console.log(`  terser (webpack's default): ${median(before.seconds).toFixed(1)} s, gzip ${kib(before.size.gzip)}`);
  console.log(`  swc (mf-build):             ${median(after.seconds).toFixed(1)} s, gzip ${kib(after.size.gzip)}`);
  console.log(
    `ratio swc/terser: time ${(median(after.seconds) / median(before.seconds)).toFixed(2)}x, gzip size ${(after.size.gzip / before.size.gzip).toFixed(3)}x`,
  );
}

if (process.argv[2] === '--build') buildOnce(process.argv[3], process.argv[4], process.argv[5]);
else main();
