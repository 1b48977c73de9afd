import { expectArgsRefused } from './testing/in-process-ops';
import { parseOpsArgs } from './args';
import { formatAnswer } from './format';

describe('news commands', () => {
  it('map to the news operator API', () => {
    expect(parseOpsArgs(['news-create', '--title', 'Hello', '--body', '<p>x</p>', '--codes', '7203, 6758', '--publish'])).toEqual({
      ok: true,
      call: {
        command: 'news-create',
        method: 'POST',
        path: '/api/ops/news',
        body: {
          title: 'Hello',
          body: '<p>x</p>',
          summary: undefined,
          source: undefined,
          codes: ['7203', '6758'],
          lang: undefined,
          publish: true,
          reason: undefined,
        },
      },
    });
    expect(parseOpsArgs(['news-publish', '12'])).toMatchObject({ ok: true, call: { path: '/api/ops/news/12/publish' } });
    expect(parseOpsArgs(['news-withdraw', '12', '--reason', 'wrong'])).toMatchObject({
      ok: true,
      call: { path: '/api/ops/news/12/withdraw', body: { reason: 'wrong' } },
    });
    expect(parseOpsArgs(['news-list', '--status', 'draft'])).toMatchObject({ ok: true, call: { method: 'GET', path: '/api/ops/news?status=draft' } });
  });

  it.each([
    [['news-create', '--body', 'x'], /--title is required/],
    [['news-create', '--title', 'x'], /--body or --body-file/],
    [['news-create', '--title', 'x', '--body-file', '/no/such/file'], /cannot read/],
    [['news-create', '--title', 'x', '--body', 'y', '--lang', 'fr'], /--lang/],
    [['news-withdraw', '3'], /--reason is required/],
    [['news-publish', 'abc'], /article id/],
  ])('refuses %p', expectArgsRefused);
});

describe('news output', () => {
  it('prints one line per article', () => {
    const article = { id: 3, status: 'published', sample: true, publishedAt: '2025-01-06T01:00:00.000Z', title: { en: 'Hello' }, codes: ['7203'] };
    expect(formatAnswer('news-publish', article)).toBe('#3  published (sample)  2025-01-06T01:00:00.000Z  Hello  codes=7203');
    expect(formatAnswer('news-list', [])).toBe('No news articles.');
  });
});
