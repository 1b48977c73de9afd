// The news commands of the ops CLI (docs/api/market.md §7), parsed into operator API calls.
import { readFileSync } from 'node:fs';
import type { ParseResult } from './call';

export const NEWS_USAGE = `
News:
  news-list [--status draft|published|withdrawn]   news articles, newest first
  news-create --title T (--body HTML | --body-file F) [--summary S] [--codes 7203,6758]
              [--lang tw|jp|en] [--source S] [--publish] [--reason text]
                                            write an article (HTML is sanitised); a draft unless --publish
  news-publish <id> [--reason text]         publish a draft (or a withdrawn article)
  news-withdraw <id> --reason text          take a published article down`;

/** Value options the news commands take (added to the CLI's known options). */
export const NEWS_VALUE_FLAGS = ['title', 'body', 'body-file', 'summary', 'codes', 'lang', 'source', 'status'] as const;
/** Options without a value. */
export const NEWS_BOOLEAN_FLAGS = ['publish'] as const;

/** The call of a news command; null when `command` is not one. */
export function parseNewsCommand(command: string, positional: string[], flags: Record<string, string>): ParseResult | null {
  const fail = (error: string): ParseResult => ({ ok: false, error });
  switch (command) {
    case 'news-list': {
      const status = flags.status;
      return { ok: true, call: { command, method: 'GET', path: `/api/ops/news${status ? `?status=${encodeURIComponent(status)}` : ''}` } };
    }
    case 'news-create': {
      if (!flags.title) return fail('news-create: --title is required');
      let body = flags.body;
      const file = flags['body-file'];
      if (file !== undefined) {
        try {
          body = readFileSync(file, 'utf8');
        } catch {
          return fail(`news-create: cannot read ${file}`);
        }
      }
      if (!body) return fail('news-create: --body or --body-file is required');
      if (flags.lang !== undefined && !['tw', 'jp', 'en'].includes(flags.lang)) return fail('news-create: --lang must be tw, jp or en');
      const codes = flags.codes
        ?.split(',')
        .map((c) => c.trim())
        .filter((c) => c);
      return {
        ok: true,
        call: {
          command,
          method: 'POST',
          path: '/api/ops/news',
          body: {
            title: flags.title,
            body,
            summary: flags.summary,
            source: flags.source,
            codes,
            lang: flags.lang,
            publish: flags.publish === 'true',
            reason: flags.reason,
          },
        },
      };
    }
    case 'news-publish':
    case 'news-withdraw': {
      const id = positional[0];
      if (id === undefined || !/^\d+$/.test(id)) return fail(`${command}: give the article id`);
      if (command === 'news-withdraw' && !flags.reason) return fail('news-withdraw: --reason is required (it goes into the audit log)');
      return {
        ok: true,
        call: { command, method: 'POST', path: `/api/ops/news/${id}/${command === 'news-publish' ? 'publish' : 'withdraw'}`, body: { reason: flags.reason } },
      };
    }
    default:
      return null;
  }
}
