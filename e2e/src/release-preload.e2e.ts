// The server renders the release registry into index.html and preloads the files of the
// remote that owns the opened route. An operator releases mf-market B, then
// rolls back to A: the next page load preloads, and then runs, A's files, with no shell
// rebuild; a page of another remote preloads that remote's files instead.
// Release B is the built mf-market with one comment added to its entry, so nothing is
// rebuilt here (release-rollback.e2e.ts covers a real rebuild).
import fs from 'fs';
import os from 'os';
import path from 'path';
import type { Browser, Page } from 'playwright-core';
import { releaseCli, REPO_ROOT } from '../../scripts/test-server';
import { launchBrowser, newPhoneContext, openRoute, serverUrl } from './support/browser';
import { shellText } from './support/expected-titles';
import { remoteRendered } from './support/remote-area';
import { signInViaApi } from './support/session';
import { ROUTES } from '@kabuto/shared-sdk/routes';

function releasesDir(): string {
  const dir = process.env.KABUTO_E2E_RELEASES_DIR;
  if (!dir) throw new Error('KABUTO_E2E_RELEASES_DIR is not set');
  return dir;
}

/** A repository root holding a copy of mf-market's build whose entry differs by one comment. */
function changedMarketBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-release-b-'));
  fs.cpSync(path.join(REPO_ROOT, 'mf-market/dist'), path.join(root, 'mf-market/dist'), { recursive: true });
  fs.copyFileSync(path.join(REPO_ROOT, 'mf-market/package.json'), path.join(root, 'mf-market/package.json'));
  fs.mkdirSync(path.join(root, 'shared-sdk'));
  fs.copyFileSync(path.join(REPO_ROOT, 'shared-sdk/package.json'), path.join(root, 'shared-sdk/package.json'));
  fs.appendFileSync(path.join(root, 'mf-market/dist/remoteEntry.js'), '\n/* release B of release-preload.e2e.ts */\n');
  return root;
}

async function currentMarketVersion(): Promise<string> {
  const doc = (await (await fetch(`${serverUrl()}/remotes.json`)).json()) as { remotes: Record<string, { version: string }> };
  const version = doc.remotes.mf_market?.version;
  if (!version) throw new Error('mf_market is not released');
  return version;
}

/** The preload links the page's boot script added, by owning remote. */
function preloads(page: Page): Promise<{ remote: string | null; href: string; as: string }[]> {
  return page.$$eval('link[rel="preload"][data-remote-preload]', (links) =>
    links.map((link) => ({
      remote: link.getAttribute('data-remote-preload'),
      href: new URL((link as HTMLLinkElement).href).pathname,
      as: link.getAttribute('as') ?? '',
    })),
  );
}

/** Paths of the mf-market entry scripts the page really fetched. */
function fetchedMarketEntries(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((name) => name.startsWith('/releases/mf-market/') && name.endsWith('/remoteEntry.js')),
  );
}

async function openHome(page: Page): Promise<void> {
  await openRoute(page, ROUTES.home);
  await page.reload();
  await remoteRendered(page, 'mf_market');
}

describe('preload tags follow the release registry', () => {
  let browser: Browser;
  let page: Page;
  let buildB: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newPhoneContext(browser, { lang: 'en' })).newPage();
    buildB = changedMarketBuild();
  });
  afterAll(async () => {
    await browser.close();
    fs.rmSync(buildB, { recursive: true, force: true });
  });

  it('preloads release B after it is released and release A again after a rollback', async () => {
    const versionA = await currentMarketVersion();
    const release = await import(path.join(REPO_ROOT, 'server/dist/releases/release.js'));
    const result = (await release.releaseRemote('mf-market', { build: false, repoRoot: buildB, releasesDir: releasesDir(), user: 'e2e' })) as { to: string };
    const versionB = result.to;
    expect(versionB).not.toBe(versionA);

    try {
      await openHome(page);
      const withB = await preloads(page);
      expect(withB).toEqual(
        expect.arrayContaining([
          { remote: 'mf_market', href: `/releases/mf-market/${versionB}/mf-manifest.json`, as: 'fetch' },
          { remote: 'mf_market', href: `/releases/mf-market/${versionB}/remoteEntry.js`, as: 'script' },
        ]),
      );
      expect(withB.every((link) => link.remote === 'mf_market' && link.href.startsWith(`/releases/mf-market/${versionB}/`))).toBe(true);
      // The opened page's own chunk too (mf-build's kabuto-pages.json), from the same release.
      expect(withB.some((link) => /^\/releases\/mf-market\/[^/]+\/page-home\.[0-9a-f]{8}\.js$/.test(link.href) && link.as === 'script')).toBe(true);
      // And its stylesheet, as a style (mf-build extracts CSS), so the chunk does not wait for it.
      expect(withB.some((link) => /^\/releases\/mf-market\/[^/]+\/page-home\.[0-9a-f]{8}\.css$/.test(link.href) && link.as === 'style')).toBe(true);
      // And the remote's texts in the page's stored language only (en here), a chunk per language.
      expect(
        withB.filter((link) => /\/texts-[a-z]+\.[0-9a-f]{8}\.js$/.test(link.href)).map((link) => link.href.replace(/.*\/(texts-[a-z]+)\..*/, '$1')),
      ).toEqual(['texts-en']);
      expect(await fetchedMarketEntries(page)).toEqual([`/releases/mf-market/${versionB}/remoteEntry.js`]);
      // The shell's own texts and the catalogue's, in the stored language only (the shell's build lists them).
      const shellFiles = await page.$$eval('link[rel="preload"]:not([data-remote-preload])', (links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname).filter((path) => /^\/(shell-texts|messages)-/.test(path)),
      );
      expect(shellFiles.map((file) => file.replace(/\.[0-9a-f]{8}\.js$/, '')).sort()).toEqual(['/messages-en', '/shell-texts-en']);
    } finally {
      const rollback = releaseCli(['rollback', 'mf-market', versionA], releasesDir());
      expect(rollback).toContain(`${versionB} → ${versionA}`);
    }

    await openHome(page);
    const withA = await preloads(page);
    expect(withA).toEqual(expect.arrayContaining([{ remote: 'mf_market', href: `/releases/mf-market/${versionA}/remoteEntry.js`, as: 'script' }]));
    expect(withA.some((link) => link.href.includes(versionB))).toBe(false);
    expect(withA.some((link) => link.href.startsWith(`/releases/mf-market/${versionA}/page-home.`))).toBe(true);
    expect(await fetchedMarketEntries(page)).toEqual([`/releases/mf-market/${versionA}/remoteEntry.js`]);

    // The HTML itself carries the registry: no /remotes.json round trip before the first remote.
    const html = await (await fetch(`${serverUrl()}/`)).text();
    expect(html).toContain(`/releases/mf-market/${versionA}/mf-manifest.json`);
    expect(html).not.toContain(versionB);
  });

  it("a visitor on the trade tab (the customer's own data) gets nothing of mf-trade, and the logon page at once", async () => {
    await openRoute(page, ROUTES.positions);
    await page.reload();
    await page.waitForFunction((hash) => location.hash === hash, `#${ROUTES.sessionEnded}?v=2`);
    await page.getByText(shellText('logon.v2', 'en')).waitFor();
    expect(await preloads(page)).toEqual([]);
    const tradeFiles = await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/releases/mf-trade/')).length);
    expect(tradeFiles).toBe(0);
  });

  it('preloads the files of the remote that owns the opened route, and only those', async () => {
    await signInViaApi(page);
    await openRoute(page, ROUTES.positions);
    await page.reload();
    await remoteRendered(page, 'mf_trade');
    const links = await preloads(page);
    expect(links.length).toBeGreaterThan(1);
    expect(links.every((link) => link.remote === 'mf_trade' && link.href.startsWith('/releases/mf-trade/'))).toBe(true);
  });
});
