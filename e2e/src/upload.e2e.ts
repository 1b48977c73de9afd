// Upload through the spec's POST-policy flow (spec §7), driven from a real page: the
// policy comes from GET /api/common/upload, the file goes multipart to baseUrl with
// key imgs/ + 15 random characters, and is served back at baseUrl + key.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPhoneContext, openRoute } from './support/browser';
import { makePng } from './support/png';

interface UploadOutcome {
  status: number;
  body: string;
  url: string;
  servedBack: string | null;
}

/** Runs the whole flow inside the page, optionally spoiling one part of it. */
async function uploadFromPage(
  page: Page,
  bytesBase64: string,
  opts: { ext: string; type: string; tamper?: 'signature'; waitMs?: number },
): Promise<UploadOutcome> {
  return page.evaluate(
    async ({ bytesBase64, opts }) => {
      const answer = await (await fetch('/api/common/upload')).json();
      const policy = answer.data as { baseUrl: string; policy: string; accessid: string; signature: string };
      if (opts.waitMs) await new Promise((r) => setTimeout(r, opts.waitMs));
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
      const name = Array.from({ length: 15 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
      const key = `imgs/${name}.${opts.ext}`;
      const bytes = Uint8Array.from(atob(bytesBase64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('name', `${name}.${opts.ext}`);
      form.append('key', key);
      form.append('policy', policy.policy);
      form.append('OSSAccessKeyId', policy.accessid);
      form.append('success_action_status', '200');
      form.append('signature', opts.tamper === 'signature' ? `x${policy.signature.slice(1)}` : policy.signature);
      form.append('file', new Blob([bytes], { type: opts.type }), `${name}.${opts.ext}`);
      const res = await fetch(policy.baseUrl, { method: 'POST', body: form });
      const url = policy.baseUrl + key;
      let servedBack: string | null = null;
      if (res.status === 200) {
        const back = new Uint8Array(await (await fetch(url)).arrayBuffer());
        servedBack = btoa(String.fromCharCode(...back));
      }
      return { status: res.status, body: await res.text(), url, servedBack };
    },
    { bytesBase64, opts },
  );
}

describe('image upload (POST policy)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newPhoneContext(browser)).newPage();
    await openRoute(page, '/pages/login');
  });
  afterAll(async () => browser.close());

  it('accepts a real PNG and serves the same bytes back at baseUrl + key', async () => {
    const png = makePng().toString('base64');
    const outcome = await uploadFromPage(page, png, { ext: 'png', type: 'image/png' });
    expect(outcome.status).toBe(200);
    expect(outcome.url).toMatch(/\/uploads\/imgs\/[A-Za-z0-9]{15}\.png$/);
    expect(outcome.servedBack).toBe(png);
  });

  it('refuses a text file renamed .png', async () => {
    const text = Buffer.from('just some text, not an image').toString('base64');
    const outcome = await uploadFromPage(page, text, { ext: 'png', type: 'image/png' });
    expect(outcome.status).toBeGreaterThanOrEqual(400);
    expect(outcome.body).toMatch(/image/i);
  });

  it('refuses a tampered signature', async () => {
    const outcome = await uploadFromPage(page, makePng().toString('base64'), {
      ext: 'png',
      type: 'image/png',
      tamper: 'signature',
    });
    expect(outcome.status).toBe(403);
    expect(outcome.body).toMatch(/signature/i);
  });

  it('refuses an expired policy (the suite runs the server with a 3 s policy lifetime)', async () => {
    const outcome = await uploadFromPage(page, makePng().toString('base64'), {
      ext: 'png',
      type: 'image/png',
      waitMs: 4000,
    });
    expect(outcome.status).toBe(403);
    expect(outcome.body).toMatch(/expired/i);
  });
});
