import { MSG } from '@kabuto/shared-sdk/messages';
import { desc } from 'drizzle-orm';
import { auditLog } from '../../ops';
import { ensureBootstrapOperator } from '../../ops';
import { call, startMarketTestApp, type MarketTestContext } from '../testing/market-test-kit';
import { seedSampleNews, SAMPLE_ARTICLES } from './seed';
import { SAMPLE_SOURCE } from './views';

const TOKEN = 'operator-token-for-news-tests-0123456789';
let t: MarketTestContext;
beforeAll(async () => {
  t = await startMarketTestApp();
  await ensureBootstrapOperator(t.db, t.clock, t.dataDir, TOKEN);
});
afterAll(() => t.close());

async function ops(method: 'GET' | 'POST', url: string, body?: Record<string, unknown>, token: string | null = TOKEN) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body ? JSON.stringify(body) : undefined,
  });
  return { http: res.statusCode, ...(res.json() as { status: number; msg: string; data: any }) };
}

describe('news', () => {
  it('seeds sample articles once, marked sample and saying so', async () => {
    expect(await seedSampleNews(t.db, t.clock)).toBe(SAMPLE_ARTICLES.length);
    expect(await seedSampleNews(t.db, t.clock)).toBe(0);
    const list = await call(t.app, 'market/news', { lang: 'en' });
    expect(list.data.total).toBe(SAMPLE_ARTICLES.length);
    for (const item of list.data.items) {
      expect(item.sample).toBe(true);
      expect(item.summary).toMatch(/^\[Sample text\]/);
    }
    const detail = await call(t.app, 'market/newsDetail', { id: list.data.items[0].id, lang: 'jp' });
    expect(detail.data.body).toContain('サンプル文章');
  });

  it("names the source of a sample article in the reader's language", async () => {
    await seedSampleNews(t.db, t.clock);
    const sources = async (lang: string) => new Set((await call(t.app, 'market/news', { lang })).data.items.map((item: { source: string }) => item.source));
    expect(await sources('tw')).toEqual(new Set([SAMPLE_SOURCE.tw]));
    expect(await sources('jp')).toEqual(new Set([SAMPLE_SOURCE.jp]));
    expect(await sources('en')).toEqual(new Set([SAMPLE_SOURCE.en]));
    expect(SAMPLE_SOURCE.jp).not.toMatch(/sample/i);
    expect(SAMPLE_SOURCE.tw).not.toMatch(/sample/i);
  });

  it('operator publishes through the API with audit; drafts stay hidden; bodies are sanitised', async () => {
    expect((await ops('POST', '/api/ops/news', { title: 'x', body: 'y' }, null)).http).toBe(401);
    expect((await ops('POST', '/api/ops/news', { title: 'x', body: 'y' }, 'wrong-wrong-wrong-wrong')).http).toBe(401);

    const draft = await ops('POST', '/api/ops/news', {
      title: { en: 'Nikkei closes higher', jp: '日経平均は反発' },
      body: '<p onclick="steal()">Stocks <b>rose</b>.</p><script>alert(1)</script><a href="javascript:x">link</a>',
      codes: ['7203'],
      reason: 'daily wrap',
    });
    expect(draft).toMatchObject({ status: 1, data: { status: 'draft', sample: false, createdBy: 'ops', codes: ['7203'] } });
    expect(draft.data.title).toEqual({ tw: '日経平均は反発', jp: '日経平均は反発', en: 'Nikkei closes higher' });
    expect(draft.data.body.en).toBe('<p>Stocks <b>rose</b>.</p><a>link</a>');
    expect(draft.data.summary.en).toBe('Stocks rose. link');
    const id = draft.data.id as number;
    expect(await call(t.app, 'market/newsDetail', { id })).toMatchObject({ status: 0, msg: MSG.newsNotFound });

    expect((await ops('POST', `/api/ops/news/${id}/publish`, {})).data.status).toBe('published');
    expect(await ops('POST', `/api/ops/news/${id}/publish`, {})).toMatchObject({ status: 0, msg: MSG.newsAlreadyPublished });
    const shown = await call(t.app, 'market/newsDetail', { id, lang: 'en' });
    expect(shown.data).toMatchObject({ title: 'Nikkei closes higher', body: '<p>Stocks <b>rose</b>.</p><a>link</a>', sample: false, codes: ['7203'] });
    const aboutToyota = await call(t.app, 'market/news', { code: '7203', lang: 'en' });
    expect(aboutToyota.data.items[0]).toMatchObject({ id, title: 'Nikkei closes higher' });
    expect(aboutToyota.data.items.every((i: { codes: string[] }) => i.codes.includes('7203'))).toBe(true);

    expect(await ops('POST', `/api/ops/news/${id}/withdraw`, {})).toMatchObject({ status: 0, msg: MSG.reasonRequired });
    expect((await ops('POST', `/api/ops/news/${id}/withdraw`, { reason: 'error in figures' })).data.status).toBe('withdrawn');
    expect(await call(t.app, 'market/newsDetail', { id })).toMatchObject({ status: 0, msg: MSG.newsNotFound });

    const audit = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(3);
    expect(audit.map((a) => a.action)).toEqual(['news.withdraw', 'news.publish', 'news.create']);
    expect(audit[0]).toMatchObject({ operator: 'ops', reason: 'error in figures', details: { newsId: id, status: 'withdrawn' } });
    expect(audit[2]).toMatchObject({ reason: 'daily wrap', details: { newsId: id, status: 'draft' } });
    expect((await ops('GET', '/api/ops/news?status=withdrawn')).data.map((n: { id: number }) => n.id)).toContain(id);
  });

  it('publishes at once with publish: true; refuses empty text, unknown codes and ids', async () => {
    const now = await ops('POST', '/api/ops/news', { title: 'Flash', body: 'Plain text & <more>', publish: true, lang: 'en' });
    expect(now.data).toMatchObject({ status: 'published', title: { tw: 'Flash', jp: 'Flash', en: 'Flash' } });
    expect(now.data.body.en).toBe('Plain text &amp; ');
    expect(await ops('POST', '/api/ops/news', { title: '  ', body: 'x' })).toMatchObject({ status: 0, msg: MSG.newsTitleRequired });
    expect(await ops('POST', '/api/ops/news', { title: 'x' })).toMatchObject({ status: 0, msg: MSG.newsBodyRequired });
    expect(await ops('POST', '/api/ops/news', { title: 'x', body: '<script>only</script>' })).toMatchObject({ status: 0, msg: MSG.newsBodyRequired });
    expect(await ops('POST', '/api/ops/news', { title: 'x', body: 'y', codes: ['0000'] })).toMatchObject({ status: 0, msg: MSG.unknownStockCode });
    expect(await ops('POST', '/api/ops/news/99999/publish', {})).toMatchObject({ status: 0, msg: MSG.newsNotFound });
    expect(await call(t.app, 'market/newsDetail', { id: 'abc' })).toMatchObject({ status: 0, msg: MSG.newsNotFound });
    expect(await call(t.app, 'market/news', { limit: 500 })).toMatchObject({ status: 0, msg: MSG.invalidParams });
  });
});
