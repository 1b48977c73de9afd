// The calendar and the company page against a fake server: 付 / 落 marks, the projected amounts
// the server computed, the scope sent as chosen, the company chart on a real ECharts instance.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setPlatformAPI } from 'echarts/core';
import { resetHost } from '@kabuto/shared-sdk';
import type { DividendCalendarEntry } from '@kabuto/shared-sdk/schemas';
import { installFakeServer, ok, renderRemotePage } from '@kabuto/shared-sdk/ui/test-utils/remote-page-kit';
import { FUNDS_NS } from '../../../common/texts';
import { CALENDAR, COMPANY } from '../../../test-utils/dividend-fixtures';
import { FUNDS_TEXTS } from '../../../translations';
import CalendarPage, { byMonth } from './CalendarPage';
import CompanyPage from './CompanyPage';

afterEach(() => resetHost());

beforeAll(() => {
  setPlatformAPI({ measureText: (text = '') => ({ width: text.length * 6 }) });
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(200);
});
// The page loads its chart lazily; on a clean clone the first load transforms ECharts, which took
// over the 10 s the test waits for the chart on a loaded CI box. Loaded here, with its own time.
beforeAll(async () => {
  await import('./DividendChart');
}, 120_000);
afterAll(() => jest.restoreAllMocks());

describe('the dividend calendar', () => {
  it('lists the entries by the month of their last cum date, marked 付 and 落 in jp, with what the shares held would receive', async () => {
    const calls = installFakeServer({ calendar: () => ok(CALENDAR) });
    renderRemotePage(<CalendarPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS }, { lang: 'jp' });
    const rows = await screen.findAllByTestId('calendar-entry');
    // Sony's last cum date (February) comes before Toyota's (March).
    expect(rows.map((row) => row.getAttribute('data-code'))).toEqual(['6758', '7203']);
    expect(screen.getAllByTestId('calendar-month').map((m) => m.getAttribute('data-month'))).toEqual(['2027-02', '2027-03']);
    const [sony, toyota] = rows as [HTMLElement, HTMLElement];
    expect(within(toyota).getByTestId('mark-cum').textContent).toBe('付');
    expect(within(toyota).getByTestId('mark-ex').textContent).toBe('落');
    expect(within(toyota).getByTestId('dividend-dates').textContent).toContain('2027/03/29');
    expect(within(toyota).getByTestId('dividend-dates').textContent).toContain('2027/03/30');
    expect(within(toyota).getByTestId('calendar-projected').textContent).toBe('500 株での見込み：税引前 ¥22,500、税引後 ¥17,930');
    expect(within(toyota).getByTestId('calendar-margin').textContent).toContain('売建 100 株');
    expect(within(sony).getByTestId('calendar-projected').textContent).toBe('未保有：見込み額なし');
    expect(screen.getByTestId('dividend-rules').textContent).toContain('20.315');
    expect(calls[0]).toEqual({ action: 'calendar', form: { scope: 'all' } });
  });

  it('asks again for the scope chosen, and says so when nothing is ahead', async () => {
    const calls = installFakeServer({
      calendar: (form) => ok({ ...CALENDAR, scope: form.scope, entries: form.scope === 'watchlist' ? [] : CALENDAR.entries }),
    });
    renderRemotePage(<CalendarPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS });
    await screen.findAllByTestId('calendar-entry');
    fireEvent.click(within(screen.getByTestId('calendar-scope')).getByText('Watchlist'));
    await screen.findByTestId('calendar-empty');
    expect(calls.map((c) => c.form.scope)).toEqual(['all', 'watchlist']);
  });

  it('groups a month once, whatever order the entries come in', () => {
    const [toyota, sony] = CALENDAR.entries as [DividendCalendarEntry, DividendCalendarEntry];
    const groups = byMonth([toyota, sony, { ...toyota, id: '13', code: '9984' }]);
    expect(groups.map((g) => [g.month, g.entries.map((e) => e.code)])).toEqual([
      ['2027-02', ['6758']],
      ['2027-03', ['7203', '9984']],
    ]);
  });
});

describe('one company', () => {
  it('draws paid and forecast bars, the ex-date base price, the splits and the perk without cash value', async () => {
    const calls = installFakeServer({ company: () => ok(COMPANY) });
    renderRemotePage(<CompanyPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS }, { path: '/x?code=7203' });
    const chart = await screen.findByTestId('dividend-chart', {}, { timeout: 10000 });
    expect(chart.getAttribute('data-bars')).toBe('3');
    await waitFor(() => expect(chart.querySelectorAll('path').length).toBeGreaterThan(0));
    expect(screen.getAllByTestId('company-ex-base').at(0)?.textContent).toBe('Cum close ¥2,900.0 → ex-date base ¥2,860.0');
    expect(screen.getAllByTestId('company-history')).toHaveLength(2);
    expect(screen.getAllByTestId('company-my-payment')).toHaveLength(1);
    expect(screen.getByTestId('company-splits').textContent).toContain('1 → 5 split');
    expect(screen.getByTestId('company-perk').textContent).toContain('No cash value');
    expect(screen.getByTestId('company-mine').textContent).toBe('You hold 500 shares (margin: 0 long, 100 short).');
    expect(calls[0]).toEqual({ action: 'company', form: { code: '7203' } });
  });

  it('asks nothing without a code and says the record was not found', () => {
    const calls = installFakeServer({});
    renderRemotePage(<CompanyPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS }, { path: '/x?code=bad' });
    expect(screen.getByTestId('dividend-missing').textContent).toContain('This record was not found.');
    expect(calls).toEqual([]);
  });
});
