// An operator releases mf-market twice with a visible difference, rolls back, and the
// browser shows the first release after a reload; the shell is not rebuilt
// (docs/operations.md). This builds mf-market for real, as `npm run release` does.
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import type { Browser, Page } from 'playwright-core';
import { releaseCli, REPO_ROOT } from '../../scripts/test-server';
import { launchBrowser, newPhoneContext, openRoute, screenshot } from './support/browser';
import { expectedTitle } from './support/expected-titles';
import { ROUTES } from '@kabuto/shared-sdk/routes';

const TEXTS_FILE = path.join(REPO_ROOT, 'mf-market/src/texts/en.ts');
const ORIGINAL_TITLE = expectedTitle(ROUTES.market, 'en');
const CHANGED_TITLE = `${ORIGINAL_TITLE} · release B`;

function releasesDir(): string {
  const dir = process.env.KABUTO_E2E_RELEASES_DIR;
  if (!dir) throw new Error('KABUTO_E2E_RELEASES_DIR is not set');
  return dir;
}

function shellFingerprint(): string {
  const dist = path.join(REPO_ROOT, 'shell/dist');
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(dist).sort()) {
    const full = path.join(dist, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

/** The version the registry points at after a release: the last one the CLI names. */
function releasedVersion(output: string): string {
  const versions = output.match(/\d+\.\d+\.\d+-[0-9a-f]{8}/g);
  const last = versions?.[versions.length - 1];
  if (!last) throw new Error(`no version in release output:\n${output}`);
  return last;
}

async function marketTitleIs(page: Page, expected: string): Promise<void> {
  await openRoute(page, ROUTES.market);
  await page.reload();
  await page.waitForFunction((text) => document.querySelector('[data-testid="header-title"]')?.textContent?.trim() === text, expected, { timeout: 20000 });
}

describe('release and rollback of one remote', () => {
  let browser: Browser;
  let page: Page;
  const originalTexts = fs.readFileSync(TEXTS_FILE, 'utf8');

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newPhoneContext(browser, { lang: 'en' })).newPage();
  });
  afterAll(async () => {
    await browser.close();
    // Leave the work tree and mf-market/dist as they were.
    fs.writeFileSync(TEXTS_FILE, originalTexts);
    releaseCli(['release', 'mf-market'], fs.mkdtempSync(path.join(path.dirname(releasesDir()), 'restore-')));
  });

  it('serves release B after it is released and release A again after a rollback', async () => {
    const shellBefore = shellFingerprint();

    const first = releasedVersion(releaseCli(['release', 'mf-market'], releasesDir()));
    expect(originalTexts).toContain(`'${ORIGINAL_TITLE}'`);
    fs.writeFileSync(TEXTS_FILE, originalTexts.replace(`'${ORIGINAL_TITLE}'`, `'${CHANGED_TITLE}'`));
    let second: string;
    try {
      second = releasedVersion(releaseCli(['release', 'mf-market'], releasesDir()));
    } finally {
      fs.writeFileSync(TEXTS_FILE, originalTexts);
    }
    expect(second).not.toBe(first);

    await marketTitleIs(page, CHANGED_TITLE);
    await screenshot(page, 'release-b');

    const rollback = releaseCli(['rollback', 'mf-market'], releasesDir());
    expect(rollback).toContain(`${second} → ${first}`);
    await marketTitleIs(page, ORIGINAL_TITLE);

    // Both releases are kept, the first one current, and every change is on record.
    const listing = releaseCli(['list', 'mf-market'], releasesDir());
    expect(listing).toMatch(new RegExp(`^\\* ${first.replace(/\./g, '\\.')}`, 'm'));
    expect(listing).toContain(second);
    const history = releaseCli(['list', 'mf-market', '--history'], releasesDir());
    expect(history).toMatch(new RegExp(`rollback\\s+${second.replace(/\./g, '\\.')} → ${first.replace(/\./g, '\\.')}`));

    // The shell's files are byte for byte what they were: nothing was rebuilt.
    expect(shellFingerprint()).toBe(shellBefore);
  });
});
