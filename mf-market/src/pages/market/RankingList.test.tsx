// Live ranking order, as the user sees it: the gainers board is open and quotes stream in; a
// stock that rises past the one above it moves up (no +1.70 % above +1.74 %), in one sort
// per animation frame however many quotes arrived in it.
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { addTranslations, languageChanged, makeStore, resetHost, resetMarketSocket } from '@kabuto/shared-sdk';
import { installFakeFetch, installRecordingHost, json } from '@kabuto/shared-sdk/test-utils/protocol';
import { MARKET_NS } from '../../common/texts';
import { MARKET_TEXTS } from '../../translations';
import * as order from './live-order';
import { RankingList } from './RankingList';

class FakeWs {
  static latest: FakeWs | null = null;
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor() {
    FakeWs.latest = this;
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}

const quote = (code: string, changePercent: number) => ({
  code,
  name: { tw: code, jp: code, en: `Stock ${code}` },
  kind: 'stock',
  simulated: true,
  tradingDate: '2026-11-24',
  phase: 'zaraba',
  last: 10000,
  open: 10000,
  high: 10000,
  low: 10000,
  previousClose: 9800,
  change: 200,
  changePercent,
  volume: 1000,
  turnover: 1000000,
  at: 0,
});

let frames: FrameRequestCallback[] = [];
function nextFrame() {
  const run = frames;
  frames = [];
  act(() => run.forEach((callback) => callback(0)));
}
/** Frames until nothing more is asked for (the store notifies its subscribers in a frame too). */
function settleFrames() {
  for (let i = 0; i < 5 && frames.length > 0; i += 1) nextFrame();
}

beforeEach(() => {
  frames = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  jest.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => {
    frames[id - 1] = () => undefined;
  });
  (globalThis as { WebSocket?: unknown }).WebSocket = FakeWs;
});

afterEach(() => {
  resetMarketSocket();
  resetHost();
});

const shownCodes = () => screen.getAllByTestId(/^quote-row-/).map((row) => row.getAttribute('data-testid')?.replace('quote-row-', ''));

test('a gainer that rises above the row over it moves up at the next frame, once however many ticks came', async () => {
  installRecordingHost('en');
  const rows = [quote('7203', 1.76), quote('6758', 1.74), quote('9984', 1.7)].map((row) => ({ ...row, ready: true }));
  installFakeFetch(json(200, { status: 1, data: { type: 'gainers', items: rows, ready: 3, total: 3, complete: true } }));
  const store = makeStore();
  store.dispatch(languageChanged('en'));
  addTranslations(MARKET_NS, MARKET_TEXTS);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <RankingList type="gainers" />
      </MemoryRouter>
    </Provider>,
  );
  await screen.findByTestId('quote-row-9984');
  settleFrames();
  expect(shownCodes()).toEqual(['7203', '6758', '9984']);

  // The socket opens; three ticks arrive within one frame: 9984 goes to +1.75 %, then +1.80 %.
  const ws = FakeWs.latest as FakeWs;
  act(() => {
    ws.readyState = 1;
    ws.onopen?.({});
  });
  const sorts = jest.spyOn(order, 'liveOrder');
  const push = (code: string, changePercent: number) =>
    act(() => ws.onmessage?.({ data: JSON.stringify({ channel: 'quote', code, data: quote(code, changePercent), t: 1 }) }));
  push('9984', 1.75);
  push('6758', 1.73);
  push('9984', 1.8);
  expect(shownCodes()).toEqual(['7203', '6758', '9984']); // not before a frame
  settleFrames();
  expect(shownCodes()).toEqual(['9984', '7203', '6758']);
  expect(screen.getByTestId('quote-row-9984').textContent).toContain('+1.80%');
  expect(sorts).toHaveBeenCalledTimes(1);
});
