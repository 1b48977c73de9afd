import { ROUTES, ROUTE_OWNERS } from '@kabuto/shared-sdk/routes';
import { MARKET_TEXTS } from '../../translations';
import { HOME_SHORTCUTS } from './shortcuts';

describe('home shortcuts', () => {
  it('follow the spec order: agreement bidding, IPO, trade, deposit, support, fund record, withdraw', () => {
    expect(HOME_SHORTCUTS.map((s) => s.key)).toEqual(['openingAuction', 'subscribe', 'trade', 'deposit', 'support', 'fundRecord', 'withdraw']);
  });

  it('lead only to routes the route table knows; 客服 opens the support chat', () => {
    const known = new Set(Object.keys(ROUTE_OWNERS));
    for (const s of HOME_SHORTCUTS) expect([s.key, known.has(s.path)]).toEqual([s.key, true]);
    expect(HOME_SHORTCUTS.find((s) => s.key === 'support')?.path).toBe(ROUTES.supportChat);
  });

  it('have a label in tw, jp and en', () => {
    for (const s of HOME_SHORTCUTS) for (const lang of ['tw', 'jp', 'en'] as const) expect(MARKET_TEXTS[lang][s.labelKey]).toBeTruthy();
  });
});
