import { PAGE_REGISTRY_ID } from './registry';
import { preloadRemoteTexts, remoteTextUrls } from './texts-preload';

function pageWith(boot: unknown): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.id = PAGE_REGISTRY_ID;
  script.type = 'application/json';
  script.textContent = typeof boot === 'string' ? boot : JSON.stringify(boot);
  doc.head.appendChild(script);
  return doc;
}

const BOOT = {
  preload: { mf_trade: ['/releases/mf-trade/0.1.0-aa/mf-manifest.json', '/releases/mf-trade/0.1.0-aa/remoteEntry.js'] },
  texts: { mf_trade: { tw: ['texts-tw.11111111.js'], jp: ['texts-jp.22222222.js'], en: ['texts-en.33333333.js'], hi: ['texts-en.33333333.js'] } },
};

const preloads = (doc: Document) => [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [link.getAttribute('href'), link.as]);

test("a remote's texts in the page's language, from the release folder of its manifest", () => {
  const doc = pageWith(BOOT);
  expect(remoteTextUrls('mf_trade', 'jp', doc)).toEqual(['/releases/mf-trade/0.1.0-aa/texts-jp.22222222.js']);
  expect(remoteTextUrls('mf_trade', 'hi', doc)).toEqual(['/releases/mf-trade/0.1.0-aa/texts-en.33333333.js']);
  expect(remoteTextUrls('mf_ipo', 'jp', doc)).toEqual([]);
});

test('asks once for each file, and not for what the boot script already asked for', () => {
  const doc = pageWith(BOOT);
  preloadRemoteTexts('mf_trade', 'jp', doc);
  preloadRemoteTexts('mf_trade', 'jp', doc);
  expect(preloads(doc)).toEqual([['/releases/mf-trade/0.1.0-aa/texts-jp.22222222.js', 'script']]);
  const booted = pageWith(BOOT);
  const early = booted.createElement('link');
  early.rel = 'preload';
  early.as = 'script';
  early.href = '/releases/mf-trade/0.1.0-aa/texts-tw.11111111.js';
  booted.head.appendChild(early);
  preloadRemoteTexts('mf_trade', 'tw', booted);
  expect(preloads(booted)).toHaveLength(1);
});

test('a page without lists (or a broken one) asks for nothing', () => {
  for (const doc of [pageWith({}), pageWith('{not json'), document.implementation.createHTMLDocument('bare')]) {
    preloadRemoteTexts('mf_trade', 'tw', doc);
    expect(preloads(doc)).toEqual([]);
  }
});
