// Upload through the spec's POST-policy flow (spec §7), driven from a real page of a
// signed-in user: the policy comes from GET /api/common/upload for one key (imgs/ + 15
// random characters) and purpose, the file goes multipart to baseUrl, and the private
// object is served back only on the signed URL the policy came with.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPhoneContext, openRoute } from './support/browser';
import { makePng } from './support/png';
import { signInViaApi } from './support/session';
import { ROUTES } from '@kabuto/shared-sdk/routes';

interface UploadOutcome {
  status: number;
  body: string;
  url: string;
  servedBack: string | null;
  /** HTTP status of the plain object path baseUrl + key (private: refused). */
  plainStatus: number | null;
}

/** Runs the whole flow inside the page, optionally spoiling one part of it. */
async function uploadFromPage(
  page: Page,
  bytesBase64: string,
  opts: { ext: string; type: string; tamper?: 'signature'; waitMs?: number },
): Promise<UploadOutcome> {
  return page.evaluate(
    async ({ bytesBase64, opts }) => {
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
      const name = Array.from({ length: 15 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
      const key = `imgs/${name}.${opts.ext}`;
      const session = { token: localStorage.getItem('token') ?? '', account: localStorage.getItem('account') ?? '' };
      const query = new URLSearchParams({ purpose: 'support-attachment', key }).toString();
      const answer = await (await fetch(`/api/common/upload?${query}`, { headers: session })).json();
      const policy = answer.data as { baseUrl: string; policy: string; accessid: string; signature: string; url: string };
      if (opts.waitMs) await new Promise((r) => setTimeout(r, opts.waitMs));
      const bytes = Uint8Array.from(atob(bytesBase64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('name', `${name}.${opts.ext}`);
      form.append('key', key);
      form.append('policy', policy.policy);
      form.append('OSSAccessKeyId', policy.accessid);
      form.append('success_action_status', '200');
      // The first character changed (a signature that starts with 'x' got 'y'; 'x' alone left 1 in 64 unchanged).
      const tampered = `${policy.signature.startsWith('x') ? 'y' : 'x'}${policy.signature.slice(1)}`;
      form.append('signature', opts.tamper === 'signature' ? tampered : policy.signature);
      form.append('file', new Blob([bytes], { type: opts.type }), `${name}.${opts.ext}`);
      const res = await fetch(policy.baseUrl, { method: 'POST', body: form });
      const url = policy.url;
      let servedBack: string | null = null;
      let plainStatus: number | null = null;
      if (res.status === 200) {
        const back = new Uint8Array(await (await fetch(url)).arrayBuffer());
        servedBack = btoa(String.fromCharCode(...back));
        plainStatus = (await fetch(policy.baseUrl + key)).status;
      }
      return { status: res.status, body: await res.text(), url, servedBack, plainStatus };
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
    await openRoute(page, ROUTES.login);
    await signInViaApi(page);
  });
  afterAll(async () => browser.close());

  it('accepts a real PNG and serves the same bytes back on the signed URL only', async () => {
    const png = makePng().toString('base64');
    const outcome = await uploadFromPage(page, png, { ext: 'png', type: 'image/png' });
    expect(outcome.status).toBe(200);
    expect(outcome.url).toMatch(/\/uploads\/signed\/\d+\/[A-Za-z0-9_-]+\/imgs\/[A-Za-z0-9]{15}\.png$/);
    expect(outcome.servedBack).toBe(png);
    expect(outcome.plainStatus).toBe(403);
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
