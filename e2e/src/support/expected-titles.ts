// What each route's header title must read, taken from the texts the packages ship:
// the shell's own table for shell pages, each remote's ./routes module (its pages) and
// translations (its texts in every language; the page fetches only its own) for the rest.
import { ROUTES, ROUTE_OWNERS } from '@kabuto/shared-sdk/routes';
import { SHELL_TEXTS } from '../../../shell/src/i18n/shell-texts';
import * as market from '../../../mf-market/src/routes';
import * as trade from '../../../mf-trade/src/routes';
import * as funds from '../../../mf-funds/src/routes';
import * as account from '../../../mf-account/src/routes';
import * as ipo from '../../../mf-ipo/src/routes';
import { MARKET_TEXTS } from '../../../mf-market/src/translations';
import { TRADE_TEXTS } from '../../../mf-trade/src/translations';
import { FUNDS_TEXTS } from '../../../mf-funds/src/translations';
import { ACCOUNT_TEXTS } from '../../../mf-account/src/translations';
import { IPO_TEXTS } from '../../../mf-ipo/src/translations';

export type CompleteLang = 'tw' | 'jp' | 'en';

const REMOTES = {
  mf_market: { routes: market.routes, texts: MARKET_TEXTS },
  mf_trade: { routes: trade.routes, texts: TRADE_TEXTS },
  mf_funds: { routes: funds.routes, texts: FUNDS_TEXTS },
  mf_account: { routes: account.routes, texts: ACCOUNT_TEXTS },
  mf_ipo: { routes: ipo.routes, texts: IPO_TEXTS },
};

/** Shell pages with a header, and the key of their title. '/', start and loading have none. */
const SHELL_TITLE_KEYS: Readonly<Record<string, string>> = {
  [ROUTES.sessionEnded]: 'title.logon',
  [ROUTES.login]: 'title.login',
  [ROUTES.register]: 'title.register',
  [ROUTES.agreement]: 'title.agreement',
  [ROUTES.previewImage]: 'title.previewImage',
  [ROUTES.chooseLocation]: 'title.notOnWeb',
  [ROUTES.openLocation]: 'title.notOnWeb',
};

export const ROUTES_WITHOUT_HEADER: string[] = [ROUTES.root, ROUTES.start, ROUTES.loading];

export function expectedTitle(path: string, lang: CompleteLang): string {
  const owner = ROUTE_OWNERS[path];
  if (!owner) throw new Error(`${path} is not in the route table`);
  if (owner === 'shell') {
    const key = SHELL_TITLE_KEYS[path];
    const text = key ? SHELL_TEXTS[lang][key] : undefined;
    if (!text) throw new Error(`no shell title for ${path}`);
    return text;
  }
  const remote = REMOTES[owner];
  const page = remote.routes.find((route) => route.path === path);
  const text = page ? remote.texts[lang][page.titleKey] : undefined;
  if (!text) throw new Error(`no ${owner} title for ${path}`);
  return text;
}

export function shellText(key: string, lang: CompleteLang): string {
  const text = SHELL_TEXTS[lang][key];
  if (!text) throw new Error(`no shell text ${key}`);
  return text;
}
