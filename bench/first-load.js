// First-load JavaScript of the home route beside the stack floor, measured side by side in
// one run: both pages are opened in the same Chromium and every script the page fetched is
// gzipped here (level 9) and summed.
//   home  = the real shell + mf-market release, served by the real server
//   floor = the smallest host built with the product's stack and the same mf-build config
//           (floor-host/: react, react-dom, react-router-dom, Redux Toolkit + react-redux,
//           i18next + react-i18next, the federation runtime)
// Dashboard goal: home / floor <= 1.3.
// Also the stock-detail route's own JavaScript (what opening #/pages/common/sharesDetails
// fetches after home has loaded), and a check that the chart's code (ECharts and the stock
// chart) is not fetched on the home route: it belongs to the detail page's chunks only.
const { spawnSync } = require('child_process');
const fs = require('fs');
const http = require('http');
const path = require('path');
const zlib = require('zlib');
const { chromium } = require('playwright-core');
const { startTestServer, REPO_ROOT } = require('../scripts/test-server');

const FLOOR_DIR = path.join(__dirname, 'floor-host');

function buildFloor() {
  const result = spawnSync('npx', ['webpack', '--mode', 'production', '-c', path.join(FLOOR_DIR, 'webpack.config.js')], {
    cwd: FLOOR_DIR,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('floor host build failed');
}

function serveDir(dir) {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      const file = path.join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
      if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
        const index = path.join(dir, 'index.html');
        res.writeHead(file === dir + '/' || req.url === '/' ? 200 : 404, { 'content-type': 'text/html' });
        res.end(req.url === '/' ? fs.readFileSync(index) : '');
        return;
      }
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.json') ? 'application/json' : 'text/html';
      // Compressed (gzip; the app's server sends its files brotli-compressed), or Lighthouse's slow 4G
      // would charge the floor for bytes the app never sends.
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      res.writeHead(200, { 'content-type': type, ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}) });
      res.end(gzip ? zlib.gzipSync(fs.readFileSync(file)) : fs.readFileSync(file));
    });
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` }));
  });
}

/** The stock chart's chunk (webpackChunkName in mf-market's ChartPanel.tsx): stock-chart.<hash>.js. */
const CHART_CHUNK = /\/stock-chart\.[0-9a-f]+\.js$/;
/** ECharts marks the element it draws in with this attribute: a script holding it is ECharts itself. */
const ECHARTS_MARK = '_echarts_instance_';

/**
 * Records every script (or, with type 'stylesheet', every stylesheet) the page fetches from now
 * on, gzipped, and whether it is the stock chart's chunk.
 */
function recordScripts(page, type = 'script') {
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== type) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({
      url: response.url(),
      raw: body.length,
      gz: zlib.gzipSync(body, { level: 9 }).length,
      chart: CHART_CHUNK.test(new URL(response.url()).pathname) || body.includes(ECHARTS_MARK),
    });
  });
  return scripts;
}

function newPhonePage(browser) {
  return browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true }).then((context) => context.newPage());
}

/** Opens url, waits for `ready`, returns every script fetched with its gzipped size (and adds the stylesheets to `styles`). */
async function scriptsOf(browser, url, ready, styles = []) {
  const page = await newPhonePage(browser);
  const scripts = recordScripts(page);
  const stylesheets = recordScripts(page, 'stylesheet');
  await page.goto(url);
  await page.waitForSelector(ready, { state: 'attached', timeout: 60000 });
  await page.waitForLoadState('networkidle');
  await page.context().close();
  styles.push(...stylesheets);
  return scripts;
}

/** Home first, then the stock-detail route in the same page: the scripts only that route fetched. */
async function detailRouteScripts(browser, baseUrl) {
  const page = await newPhonePage(browser);
  await page.goto(`${baseUrl}/#/pages/home/home`);
  await page.waitForSelector('[data-testid="remote-area-mf_market"] [data-testid]', { state: 'attached', timeout: 60000 });
  await page.waitForLoadState('networkidle');
  const scripts = recordScripts(page);
  await page.evaluate(() => {
    location.hash = '#/pages/common/sharesDetails?code=7203';
  });
  // ECharts draws its svg once the chart's chunks and its bars are in.
  await page.waitForSelector('[data-testid="kline-chart"] [role="img"] svg', { state: 'attached', timeout: 60000 });
  await page.waitForLoadState('networkidle');
  // networkidle is already reached on a hash change: give late chunk responses a moment to be read.
  await page.waitForTimeout(500);
  await page.context().close();
  return scripts;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const total = (list) => list.reduce((sum, s) => sum + s.gz, 0);

async function main() {
  if (!fs.existsSync(path.join(REPO_ROOT, 'shell/dist/index.html'))) {
    throw new Error('build first: npm run build');
  }
  buildFloor();
  const kabuto = await startTestServer();
  const floor = await serveDir(path.join(FLOOR_DIR, 'dist'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const homeStyles = [];
    const home = await scriptsOf(browser, `${kabuto.url}/#/pages/home/home`, '[data-testid="remote-area-mf_market"] [data-testid]', homeStyles);
    const base = await scriptsOf(browser, floor.url, '#floor-ready');
    const detail = await detailRouteScripts(browser, kabuto.url);
    console.log('\nHome route (#/pages/home/home), first-load JavaScript:');
    for (const s of home.sort((a, b) => b.gz - a.gz)) console.log(`  ${kb(s.gz).padStart(10)}  ${new URL(s.url).pathname}`);
    console.log('Stack floor (react, react-dom, react-router-dom, Redux Toolkit, i18next, federation runtime; same mf-build config):');
    for (const s of base.sort((a, b) => b.gz - a.gz)) console.log(`  ${kb(s.gz).padStart(10)}  ${new URL(s.url).pathname}`);
    const ratio = total(home) / total(base);
    console.log(`\nhome first-load JS (gzip -9): ${kb(total(home))} in ${home.length} scripts`);
    console.log(`floor (gzip -9):              ${kb(total(base))} in ${base.length} scripts`);
    console.log(`ratio home/floor: ${ratio.toFixed(2)}x (goal <= 1.3x: ${ratio <= 1.3 ? 'met' : 'NOT met'})`);
    // Not in the ratio (it counts JavaScript), shown so that none of the page's bytes is out of sight:
    // the stylesheets mf-build extracts from the chunks (their CSS was JavaScript strings before).
    console.log(`home first-load CSS (gzip -9): ${kb(total(homeStyles))} in ${homeStyles.length} stylesheets`);
    for (const s of homeStyles.sort((a, b) => b.gz - a.gz)) console.log(`  ${kb(s.gz).padStart(10)}  ${new URL(s.url).pathname}`);

    console.log('\nStock-detail route (#/pages/common/sharesDetails?code=7203), its own JavaScript after home:');
    for (const s of detail.sort((a, b) => b.gz - a.gz)) console.log(`  ${kb(s.gz).padStart(10)}  ${new URL(s.url).pathname}${s.chart ? '  (chart)' : ''}`);
    const detailChart = detail.filter((s) => s.chart);
    console.log(
      `stock-detail route JS (gzip -9): ${kb(total(detail))} in ${detail.length} scripts, of which the chart (ECharts and the stock chart) ${kb(total(detailChart))}`,
    );

    const homeChart = home.filter((s) => s.chart);
    if (homeChart.length > 0) {
      console.log(`FAIL: the home route fetched the stock chart's code: ${homeChart.map((s) => new URL(s.url).pathname).join(', ')}`);
      process.exitCode = 1;
    } else {
      console.log('home route stock-chart chunks fetched: 0 (ok: the chart loads only with the stock-detail page)');
    }
    if (detailChart.length === 0) {
      // The chunk name is how the check above sees the chart at all: without it here, "0 on home" proves nothing.
      console.log('FAIL: no stock-chart chunk seen on the stock-detail route either, so the home check is blind');
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    floor.server.close();
    await kabuto.stop();
  }
}

module.exports = { buildFloor, serveDir, scriptsOf, FLOOR_DIR };

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
