// Strategy detail as the customer reads it and follows from it: the record and the cumulative
// return chart (compounded from the monthly returns), holdings now, the rules with the Japan
// note, and the follow form: preview first (the fee's worked example for that amount), then the
// period, the copy stop-loss and the fund password; every server refusal shown as it comes.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { MSG } from '@kabuto/shared-sdk/messages';
import { followPreview, followingView, strategyDetail } from '../../test-utils/strategy-fixtures';
import { installTradeServer, ok, refused, renderTrade, yen } from '../../test-utils/render-trade';
import StrategyDetailPage from './StrategyDetailPage';

afterEach(() => resetHost());

beforeAll(() => {
  // ECharts' SVG renderer sizes itself from the container.
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(200);
});

const user = () => ok({ hasFundPassword: true });

/** Previews the amount, then submits the form with the fund password (and the stop-loss when given). */
async function previewThenSubmit(amountText: string, stopLoss?: string): Promise<void> {
  const amount = (await screen.findByTestId('follow-amount')).querySelector('input') as HTMLInputElement;
  fireEvent.change(amount, { target: { value: amountText } });
  await act(async () => fireEvent.click(screen.getByTestId('follow-preview')));
  await screen.findByTestId('follow-fee');
  const input = (testId: string) => screen.getByTestId(testId).querySelector('input') as HTMLInputElement;
  if (stopLoss !== undefined) fireEvent.change(input('follow-stop-loss'), { target: { value: stopLoss } });
  fireEvent.change(input('follow-fund-password'), { target: { value: '135790' } });
  await act(async () => fireEvent.click(screen.getByTestId('follow-submit')));
}

test('record, chart, holdings, rules and the Japan note', async () => {
  installTradeServer({ detail: () => ok(strategyDetail()), info: user });
  renderTrade(<StrategyDetailPage />, { path: '/s?id=7' });
  const rec = await screen.findByTestId('strategy-record');
  expect(within(rec).getByTestId('record-return').textContent).toBe('+12.00%');
  expect(within(rec).getByTestId('record-volatility').textContent).toBe('14.20%');
  expect(within(rec).getByTestId('record-risk').textContent).toBe('6 / 10');
  expect(within(rec).getByTestId('record-trades').textContent).toBe('14');
  expect(within(rec).getByTestId('record-days').textContent).toBe('63');
  expect(within(rec).getByTestId('record-monthly').textContent).toContain('2026-11-5.00%');
  // 0 %, then (1.10) − 1, (1.10 × 0.95) − 1, (1.045 × 1.0718) − 1.
  expect(screen.getByTestId('strategy-chart').getAttribute('data-points')).toBe('0,10,4.5,12');
  await waitFor(() => expect(screen.getByTestId('strategy-chart').querySelector('svg')).not.toBeNull());
  expect(screen.getByTestId('holding-7203').textContent).toBe('1000 shares at ¥2780.5 = ¥2,780,500');
  expect(screen.getByTestId('strategy-holdings').textContent).toContain('Toyota Motor');
  expect(screen.getByTestId('strategy-japan-note').textContent).toContain('投資助言・代理業');
  expect(screen.getByTestId('strategy-simulated').textContent).toContain('Simulated venue');
});

test('preview first, then follow with the period, stop-loss and fund password; refusals as the server says them', async () => {
  let followAnswer = refused(MSG.insufficientBuyingPower, { rule: 'buying-power', required: yen('310000'), buyingPower: yen('120000') });
  const calls = installTradeServer({
    detail: () => ok(strategyDetail()),
    info: user,
    preview: (form) =>
      form.amount === '20000'
        ? refused(MSG.belowProductMinimum, { rule: 'product-minimum', amount: yen('20000'), minimum: yen('30000') })
        : ok(followPreview({ amount: yen(form.amount ?? '0') })),
    follow: () => followAnswer,
  });
  renderTrade(<StrategyDetailPage />, { path: '/s?id=7' });
  const amount = (await screen.findByTestId('follow-amount')).querySelector('input') as HTMLInputElement;
  expect(screen.queryByTestId('follow-submit')).toBeNull();

  fireEvent.change(amount, { target: { value: '20000' } });
  await act(async () => fireEvent.click(screen.getByTestId('follow-preview')));
  expect((await screen.findByTestId('follow-preview-error')).textContent).toBe('Buy amount is below the product minimum · Amount ¥20,000, minimum ¥30,000');

  fireEvent.change(amount, { target: { value: '310000' } });
  await act(async () => fireEvent.click(screen.getByTestId('follow-preview')));
  const fee = await screen.findByTestId('follow-fee');
  expect(within(fee).getByTestId('follow-fee-example').textContent).toBe(
    'The broker pays the leader 1.5 % a year of the value you copy, accrued each business day: on ¥310,000 that is ¥12 a day, about ¥4,650 a year. You pay no copy fee.',
  );
  expect(within(fee).getByTestId('follow-fee-follower').textContent).toBe('¥0');
  expect(screen.getByTestId('follow-deadline').textContent).toBe('Ends at the close of 02/01/2027 (JST)');
  await act(async () => fireEvent.click(screen.getByText('90 days')));
  fireEvent.change(screen.getByTestId('follow-stop-loss').querySelector('input') as HTMLInputElement, { target: { value: '25' } });
  fireEvent.change(screen.getByTestId('follow-fund-password').querySelector('input') as HTMLInputElement, { target: { value: '135790' } });
  await act(async () => fireEvent.click(screen.getByTestId('follow-submit')));
  expect((await screen.findByTestId('form-error')).textContent).toBe('Insufficient buying power · Required ¥310,000, buying power ¥120,000');
  const sent = calls.filter((c) => c.action === 'follow');
  expect(sent[0]?.form).toMatchObject({ id: '7', amount: '310000', deadline: '2027-03-03', stopLossPercent: '25', fundPassword: '135790' });

  // The same submission again keeps its idempotency key; success leaves the form.
  followAnswer = ok(followingView());
  await act(async () => fireEvent.click(screen.getByTestId('follow-submit')));
  await waitFor(() => expect(calls.filter((c) => c.action === 'follow')).toHaveLength(2));
  const [first, second] = calls.filter((c) => c.action === 'follow');
  expect(second?.form.idempotencyKey).toBe(first?.form.idempotencyKey);
});

test('a stop-loss outside 5–95 is refused before it is sent', async () => {
  const calls = installTradeServer({ detail: () => ok(strategyDetail()), info: user, preview: () => ok(followPreview()) });
  renderTrade(<StrategyDetailPage />, { path: '/s?id=7', lang: 'jp' });
  await previewThenSubmit('310000', '96');
  expect((await screen.findByTestId('form-error')).textContent).not.toBe('');
  expect(calls.filter((c) => c.action === 'follow')).toHaveLength(0);
});

test('a retired strategy cannot be followed and says so', async () => {
  installTradeServer({ detail: () => ok(strategyDetail({ status: 'retired', retiredAt: '2026-11-30T06:00:00.000Z' })), info: user });
  renderTrade(<StrategyDetailPage />, { path: '/s?id=7', lang: 'tw' });
  expect((await screen.findByTestId('strategy-retired')).textContent).toContain('已停止');
  expect(screen.queryByTestId('follow-form')).toBeNull();
});

test("followers' own results beside the leader's, and the record's date", async () => {
  installTradeServer({ detail: () => ok(strategyDetail()), info: user });
  renderTrade(<StrategyDetailPage />, { path: '/s?id=7' });
  const followers = await screen.findByTestId('strategy-followers');
  expect(within(followers).getByTestId('followers-median').textContent).toBe('+2.15%');
  expect(within(followers).getByTestId('followers-in-profit').textContent).toBe('75.0%');
  expect(screen.getByTestId('record-as-of').textContent).toBe('Record as of the close of 2026-12-03 (closing prices).');
  expect(screen.queryByTestId('strategy-algorithm')).toBeNull();
});

test('too few followers for published results: said plainly, no figures', async () => {
  installTradeServer({
    detail: () => ok(strategyDetail({ followerResults: { inProgress: 1, ended: 0, minimum: 3, results: null } })),
    info: user,
  });
  renderTrade(<StrategyDetailPage />, { path: '/s?id=7' });
  expect((await screen.findByTestId('followers-too-few')).textContent).toBe('Published from 3 followings on, so no single follower is exposed.');
  expect(screen.queryByTestId('followers-median')).toBeNull();
});

test("an algorithmic strategy shows its published rule, parameters and the day's decision", async () => {
  const algorithm = {
    rule: 'momentum' as const,
    code: '7203',
    rules: { tw: '動能規則', jp: 'モメンタムのルール', en: 'Momentum: buy above the 20-session high.' },
    parameters: { entryDays: 20, exitDays: 10 },
    capital: yen('10000000'),
    lastRun: { businessDate: '2026-12-03', signal: 'hold', action: 'none' as const, outcome: 'none', figures: {} },
  };
  installTradeServer({ detail: () => ok(strategyDetail({ kind: 'algorithm', algorithm })), info: user });
  renderTrade(<StrategyDetailPage />, { path: '/s?id=7' });
  const section = await screen.findByTestId('strategy-algorithm');
  expect(within(section).getByTestId('algorithm-rules').textContent).toBe('Momentum: buy above the 20-session high.');
  expect(section.textContent).toContain('entryDays');
  expect(within(section).getByTestId('algorithm-capital').textContent).toBe('¥10,000,000');
  expect(within(section).getByTestId('algorithm-last-run').textContent).toBe('hold → none (none)');
});

test('a profit-share strategy previews what the follower pays on a gain and on a loss', async () => {
  const fee = {
    model: 'profit-share' as const,
    percent: 20,
    paidBy: 'follower' as const,
    exampleRealisedProfit: yen('31000'),
    exampleToLeader: yen('6200'),
    exampleLossToLeader: yen('0'),
    text: '20% of realised profit above the mark.',
  };
  installTradeServer({
    detail: () => ok(strategyDetail({ feeModel: 'profit-share', profitSharePercent: 20 })),
    info: user,
    preview: () => ok(followPreview({ fee })),
  });
  renderTrade(<StrategyDetailPage />, { path: '/s?id=7' });
  const amount = (await screen.findByTestId('follow-amount')).querySelector('input') as HTMLInputElement;
  fireEvent.change(amount, { target: { value: '310000' } });
  await act(async () => fireEvent.click(screen.getByTestId('follow-preview')));
  expect((await screen.findByTestId('follow-fee-example')).textContent).toBe(
    'The leader takes 20 % of your realised profit above your high-water mark, paid from your cash; never on a loss. On ¥310,000, realising ¥31,000 pays ¥6,200; at a realised loss it pays ¥0. The broker pays nothing with this model.',
  );
  expect(screen.queryByTestId('follow-fee-follower')).toBeNull();
});

const dailyClosure = { until: '2027-02-03', reason: { kind: 'daily' as const, score: '9', threshold: 8, date: '2026-12-03', days: 1 } };

test.each([
  ['en', 'Its risk score at the close of 03/12/2026 was 9, at or above 8: no new copiers until the end of 03/02/2027 (JST).', 'keep following'],
  ['jp', '2026/12/03の終値でのリスクスコアが9で、基準の8以上でした。2027/02/03（日本時間）の終わりまで新規のフォローはできません。', 'そのまま続きます'],
  ['tw', '2026/12/03收盤時的風險分數為9，達到8以上：2027/02/03（日本時間）結束前不接受新的跟隨。', '照常跟隨'],
] as const)('closed to new copiers (%s): the score, its date and until when, in place of the follow form', async (lang, reason, note) => {
  const calls = installTradeServer({ detail: () => ok(strategyDetail({ closedToNewCopiers: dailyClosure })), info: user });
  renderTrade(<StrategyDetailPage />, { path: '/s?id=7', lang });
  const closed = await screen.findByTestId('strategy-closed');
  expect(within(closed).getByTestId('strategy-closed-reason').textContent).toBe(reason);
  expect(closed.textContent).toContain(note);
  expect(screen.queryByTestId('follow-form')).toBeNull();
  expect(screen.queryByTestId('follow-amount')).toBeNull();
  expect(calls.filter((c) => c.action === 'preview' || c.action === 'follow')).toHaveLength(0);
});

test("closed by a month's average: the average, the business days and the month", async () => {
  const monthly = { until: '2027-01-31', reason: { kind: 'monthly' as const, score: '7.25', threshold: 7, date: '2026-11', days: 20 } };
  installTradeServer({ detail: () => ok(strategyDetail({ closedToNewCopiers: monthly })), info: user });
  renderTrade(<StrategyDetailPage />, { path: '/s?id=7' });
  expect((await screen.findByTestId('strategy-closed-reason')).textContent).toBe(
    'Its risk score averaged 7.25 over the 20 business days of 2026-11, at or above 7: no new copiers until the end of 31/01/2027 (JST).',
  );
  expect(screen.queryByTestId('follow-form')).toBeNull();
});

test('a follow refused because the strategy closed meanwhile shows the score and until when', async () => {
  installTradeServer({
    detail: () => ok(strategyDetail()),
    info: user,
    preview: () => ok(followPreview()),
    follow: () => refused(MSG.followClosedRiskScore, { rule: 'risk-closed', riskScore: 9, threshold: 8, until: '2027-02-03', date: '2026-12-03' }),
  });
  renderTrade(<StrategyDetailPage />, { path: '/s?id=7' });
  await previewThenSubmit('310000');
  expect((await screen.findByTestId('form-error')).textContent).toBe(
    'This strategy is closed to new copiers for a while after a high risk score · Risk score 9 (threshold 8), closed until 03/02/2027',
  );
});
