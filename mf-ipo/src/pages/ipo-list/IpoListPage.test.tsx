// The records of new shares: every field of spec §3 "Subscription" for each application.
import { screen, waitFor, within } from '@testing-library/react';
import { MSG, resetHost } from '@kabuto/shared-sdk';
import { page, record } from '../../test-utils/fixtures';
import { installIpoServer, ok, refused, renderIpo } from '../../test-utils/render-ipo';
import IpoListPage from './IpoListPage';

afterEach(() => resetHost());

test('each record shows issue price, quantities, lots, dates, winning quantity and amount paid', async () => {
  installIpoServer({ records: () => ok(page([record()])) });
  renderIpo(<IpoListPage />, { lang: 'tw' });
  const row = await screen.findByTestId('ipo-record');
  expect(within(row).getByTestId('ipo-record-price').textContent).toBe('¥1,300');
  expect(within(row).getByTestId('ipo-record-applied').textContent).toBe('300 股');
  expect(within(row).getByTestId('ipo-record-won').textContent).toBe('100 股');
  expect(within(row).getByTestId('ipo-record-paid').textContent).toBe('¥130,000');
  for (const label of ['發行價', '申購數量', '申購總手數', '申購日期', '截止日期', '抽籤日期', '上市日期', '發行日期', '中籤數量', '已繳金額']) {
    expect(row.textContent).toContain(label);
  }
  expect(within(row).getByTestId('ipo-record-listing').textContent).toBe('2026/12/04');
  expect(within(row).getByTestId('ipo-record-issue-date').textContent).toBe('2026/12/03');
  expect(row.textContent).toContain('模擬');
});

test('a failed load offers a retry', async () => {
  installIpoServer({ records: () => refused(MSG.systemBusy) });
  renderIpo(<IpoListPage />);
  await waitFor(() => expect(screen.getByTestId('ipo-records-state').getAttribute('role')).toBe('alert'));
  expect(screen.getByTestId('page-state-retry')).toBeTruthy();
});

test.each([
  ['jp', '2026/12/04', '2026/12/03'],
  ['en', '04/12/2026', '03/12/2026'],
] as const)('in %s the listing and issue dates read as the language writes a date', async (lang, listing, issued) => {
  installIpoServer({ records: () => ok(page([record()])) });
  renderIpo(<IpoListPage />, { lang });
  const row = await screen.findByTestId('ipo-record');
  expect(within(row).getByTestId('ipo-record-listing').textContent).toBe(listing);
  expect(within(row).getByTestId('ipo-record-issue-date').textContent).toBe(issued);
});
