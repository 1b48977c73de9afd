// Widgets: a piece of one remote's screen that another remote's page shows (the order
// ticket of mf-trade on mf-market's stock details). The page names the widget here and
// the shell loads it from the owning remote at run time (`<RemoteWidget>` in the SDK,
// HostPort.loadWidget in the shell), so no remote imports another at build time and a
// remote that is down costs only the widget's area.
import type { ComponentType } from 'react';
import type { NamespaceTexts } from '../i18n/instance';
import type { RemoteName } from '../routes/route-table';

/** Props of mf-trade's order ticket. Prices are integer tenths of a yen, as the market quote stream gives them. */
export interface OrderTicketProps {
  code: string;
  side: 'buy' | 'sell';
  /** The live best bid / ask / last of the page's quote stream. */
  bestBid: number | null;
  bestAsk: number | null;
  last: number | null;
}

/**
 * The key under which the order ticket keeps what the customer typed when they leave to set a
 * fund password (useKeptForm); the stock page opens the ticket again when one is kept for its code.
 */
export function orderTicketFormKey(code: string): string {
  return `order-ticket:${code}`;
}

/** mf-trade's daily sign-in entry on mf-market's home: today's state and the way to the coupons page; no props. */
export type DailySignInProps = Record<string, never>;

/** Every widget: the remote that owns it, its exposed module, and its props. */
export const WIDGETS = {
  orderTicket: { remote: 'mf_trade', expose: 'order-ticket' },
  dailySignIn: { remote: 'mf_trade', expose: 'daily-sign-in' },
} as const satisfies Record<string, { remote: RemoteName; expose: string }>;

export interface WidgetProps {
  orderTicket: OrderTicketProps;
  dailySignIn: DailySignInProps;
}

export type WidgetName = keyof typeof WIDGETS;

/** What an exposed widget module exports (checked by the shell like a ./routes module). */
export interface RemoteWidgetModule<P = unknown> {
  contract: number;
  sdkVersion: string;
  name: RemoteName;
  /** The remote's texts namespace and texts, registered before the widget renders. */
  namespace: string;
  translations: NamespaceTexts;
  Component: ComponentType<P>;
}
