// The real Chromium from Debian (never a downloaded browser) in a phone-sized viewport.
import fs from 'fs';
import path from 'path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 };
/** The operator console is a desktop app. */
export const DESKTOP = { width: 1280, height: 800 };
const ARTIFACTS = path.resolve(__dirname, '..', '..', 'artifacts');

export function serverUrl(): string {
  const url = process.env.KABUTO_E2E_URL;
  if (!url) throw new Error('KABUTO_E2E_URL is not set: run through e2e/jest.config.js (global setup)');
  return url;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Without the background-networking flags Chromium keeps dialling out on a closed network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * `lang` stores the app's language before the first page loads, as a returning customer's
 * choice; `locale` is the browser's own language (navigator.languages), which a first visit
 * follows. A test that names neither sees the product's default language, tw.
 */
export async function newPhoneContext(browser: Browser, opts: { lang?: string; locale?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: opts.locale ?? 'zh-TW',
    timezoneId: 'Asia/Tokyo',
  });
  if (opts.lang) {
    await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), opts.lang);
  }
  return context;
}

/**
 * The server by host name. WebAuthn refuses IP addresses as relying-party ids, so pages
 * that use passkeys are opened at localhost (a secure context, like 127.0.0.1).
 */
/** A browser with one phone-sized context and its page. */
export async function launchPhone(opts: { lang?: string } = {}): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await launchBrowser();
  const context = await newPhoneContext(browser, opts);
  return { browser, context, page: await context.newPage() };
}

/** A desktop-sized context (the operator console at /ops), in English unless told. */
export async function newDesktopContext(browser: Browser, opts: { locale?: string } = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1, locale: opts.locale ?? 'en-GB', timezoneId: 'Asia/Tokyo' });
}

/** A browser with one desktop-sized context and its page (launchPhone's desktop twin). */
export async function launchDesktop(): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await launchBrowser();
  const context = await newDesktopContext(browser);
  return { browser, context, page: await context.newPage() };
}

/** One browser for the enclosing describe, and a fresh phone context whose page is handed to `use` before each test. */
export function freshPhonePageEachTest(opts: { lang?: string }, use: (page: Page, browser: Browser) => void): void {
  freshPageEachTest((browser) => newPhoneContext(browser, opts), use);
}

/** The desktop twin (the operator console); `use` gets the browser too, for a customer's phone beside it. */
export function freshDesktopPageEachTest(use: (page: Page, browser: Browser) => void): void {
  freshPageEachTest((browser) => newDesktopContext(browser), use);
}

/** One browser for the enclosing describe; a fresh context each test, so a retry starts clean. */
function freshPageEachTest(newContext: (browser: Browser) => Promise<BrowserContext>, use: (page: Page, browser: Browser) => void): void {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  beforeEach(async () => {
    context = await newContext(browser);
    use(await context.newPage(), browser);
  });
  afterEach(async () => context.close());
  afterAll(async () => browser.close());
}

export function serverUrlByName(): string {
  return serverUrl().replace('//127.0.0.1:', '//localhost:');
}

/** Opens a hash route of the app, e.g. ROUTES.home. */
export async function openRoute(page: Page, route: string): Promise<void> {
  await page.goto(`${serverUrl()}/#${route}`);
}

/** Waits until the header shows `expected` as its title. */
export async function headerTitleIs(page: Page, expected: string): Promise<void> {
  await page.waitForFunction((text) => document.querySelector('[data-testid="header-title"]')?.textContent?.trim() === text, expected, { timeout: 15000 });
}

export async function screenshot(page: Page, name: string, clip?: { x: number; y: number; width: number; height: number }): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  // Let the page transition (0.3 s) and the header's 400 ms entrance finish first.
  await page.waitForTimeout(700);
  await page.screenshot({ path: file, clip });
  return file;
}

/** The natural width of an <img> once it has loaded (0 when it failed): proof the image really shows. */
export async function loadedWidth(img: import('playwright-core').Locator): Promise<number> {
  return img.evaluate(
    (el) =>
      new Promise<number>((resolve) => {
        const image = el as HTMLImageElement;
        if (image.complete) resolve(image.naturalWidth);
        else {
          image.addEventListener('load', () => resolve(image.naturalWidth), { once: true });
          image.addEventListener('error', () => resolve(0), { once: true });
        }
      }),
  );
}
