// <RemoteWidget>: another remote's widget loaded through the host; if the remote is down,
// only the widget's area shows the translated load-failed state, and retry loads again.
import './test-utils/jsdom-platform';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { configureHost, defaultHost, resetHost } from '../protocol/host';
import type { OrderTicketProps, RemoteWidgetModule } from '../remote/widgets';
import { sessionSlice } from '../state/session-slice';
import { makeStore } from '../state/store';
import { RemoteWidget } from './remote-widget';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PROPS: OrderTicketProps = { code: '7203', side: 'buy', bestBid: 27900, bestAsk: 27905, last: 27905 };
const Ticket = ({ code, side, bestAsk }: OrderTicketProps) => <p data-testid="ticket">{`${code} ${side} ${bestAsk}`}</p>;
const MODULE: RemoteWidgetModule = {
  contract: 2,
  sdkVersion: '2.2.0',
  name: 'mf_trade',
  namespace: 'trade',
  translations: { tw: {}, jp: {}, en: {} },
  Component: Ticket as RemoteWidgetModule['Component'],
};

afterEach(() => resetHost());

async function renderWidget(lang: 'en' | 'jp') {
  const store = makeStore();
  store.dispatch(sessionSlice.actions.languageChanged(lang));
  const container = document.createElement('div');
  await act(async () => {
    createRoot(container).render(
      <Provider store={store}>
        <p data-testid="page">the rest of the page</p>
        <RemoteWidget widget="orderTicket" props={PROPS} />
      </Provider>,
    );
  });
  return container;
}

test('renders the widget the host loads from mf_trade/order-ticket with the page’s props', async () => {
  const asked: string[] = [];
  configureHost({ ...defaultHost, loadWidget: async (remote, expose) => (asked.push(`${remote}/${expose}`), MODULE) });
  const container = await renderWidget('en');
  expect(container.querySelector('[data-testid="ticket"]')?.textContent).toBe('7203 buy 27905');
  expect(asked).toEqual(['mf_trade/order-ticket']);
});

test('a remote that is down: only the widget area shows load failed (translated) with retry; retry loads it', async () => {
  let fail = true;
  configureHost({ ...defaultHost, loadWidget: async () => (fail ? Promise.reject(new Error('500')) : MODULE) });
  const container = await renderWidget('jp');
  const fallback = container.querySelector('[data-testid="widget-fallback-orderTicket"]');
  expect(fallback?.textContent).toContain('読み込みに失敗しました');
  expect(container.querySelector('[data-testid="page"]')?.textContent).toBe('the rest of the page');
  fail = false;
  await act(async () => (container.querySelector('[data-testid="page-state-retry"]') as HTMLButtonElement).click());
  expect(container.querySelector('[data-testid="ticket"]')).not.toBeNull();
});

test('without a shell (no loadWidget) the widget says it could not load', async () => {
  configureHost(defaultHost);
  const container = await renderWidget('en');
  expect(container.querySelector('[data-testid="widget-fallback-orderTicket"]')).not.toBeNull();
});
