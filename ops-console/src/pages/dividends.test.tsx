import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { OpsDividendSchedulePage, OpsDividendScheduleItem, SplitEvent } from '@kabuto/shared-sdk/schemas';
import { EN } from '../i18n/en';
import { JP } from '../i18n/jp';
import { okAnswer, refusedAnswer, prepareScreenTests, renderScreen, type SentCall } from '../testing/render-screen';
import { DividendsPage } from './dividends';

prepareScreenTests();

const names = { tw: '索尼集團', jp: 'ソニーグループ', en: 'Sony Group' };
const entry = (dps: string, editedBy: string | null = null): OpsDividendScheduleItem => ({
  id: '41',
  code: '6758',
  name: names,
  kind: 'year-end',
  recordDate: '2026-03-31',
  lastCumDate: '2026-03-27',
  exDate: '2026-03-30',
  paymentDate: '2026-06-29',
  dps,
  dpsSource: editedBy ? 'operator' : 'forecast',
  state: 'scheduled',
  perks: true,
  simulated: true,
  editedBy,
  editedAt: editedBy ? '2026-12-03T01:00:00.000Z' : null,
});
const split: SplitEvent = { id: '7', code: '6758', name: names, kind: 'split', ratio: 3, effectiveDate: '2027-01-07', state: 'scheduled', simulated: true };
const page = (list: OpsDividendScheduleItem[]): OpsDividendSchedulePage => ({ list, page: 1, size: 50, total: list.length, hasMore: false, splits: [split] });

const lists = (sent: SentCall[]) => sent.filter((c) => c.method === 'GET').map((c) => c.url);

describe('the dividend schedule screen', () => {
  it('lists the entries with the server’s TSE dates, DPS and perks, and the splits; searches by code and record dates', async () => {
    const { sent } = renderScreen(<DividendsPage />, { role: 'viewer', respond: () => okAnswer(page([entry('40.0')])) });
    const row = (await screen.findByText('2026-03-27')).closest('tr') as HTMLElement;
    for (const text of ['6758', 'Sony Group', 'Year-end', '2026-03-31', '2026-03-30', '2026-06-29', 'Yes', 'Scheduled'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByTestId('dps-41').textContent).toBe('40.0 forecast');
    const splitRow = within(screen.getByTestId('split-schedule')).getByText('2027-01-07').closest('tr') as HTMLElement;
    expect(within(splitRow).getByText('1 → 3')).toBeTruthy();
    expect(screen.getByTestId('dividends-simulated').textContent).toContain('Simulated companies');
    expect(lists(sent)).toEqual(['/api/ops/dividends/schedule?page=1&size=50']);

    fireEvent.change(screen.getByTestId('dividends-code'), { target: { value: '6758' } });
    fireEvent.change(screen.getByTestId('dividends-from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('dividends-to'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByTestId('dividends-search'));
    await waitFor(() => expect(lists(sent)).toContain('/api/ops/dividends/schedule?code=6758&from=2026-03-01&to=2026-03-31&page=1&size=50'));
  });

  it('sends an edit as typed and shows the server’s refusal in the operator’s language; a saved edit shows on the refetched list', async () => {
    let saved = false;
    const { sent } = renderScreen(<DividendsPage />, {
      role: 'approver',
      lang: 'jp',
      respond: (call) => {
        if (call.method === 'GET') return okAnswer(page([saved ? entry('42.5', 'alice') : entry('40.0')]));
        if (call.url !== '/api/ops/dividends/events/41') return undefined;
        const body = call.body as { dps?: string };
        if (body.dps === '-5') return refusedAnswer(MSG.dividendPerShareNegative);
        saved = true;
        return okAnswer(entry('42.5', 'alice'), MSG.dividendScheduleUpdated);
      },
    });
    // The name in the operator's language.
    expect(await screen.findAllByText('ソニーグループ')).toHaveLength(2);
    const edit = (await screen.findByTestId('dividend-edit-41')) as HTMLButtonElement;
    await waitFor(() => expect(edit.disabled).toBe(false));
    fireEvent.click(edit);
    fireEvent.change(await screen.findByTestId('edit-dps'), { target: { value: '-5' } });
    fireEvent.change(screen.getByTestId('action-reason'), { target: { value: 'revised forecast' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: JP.common.submit }));
    const refusal = await screen.findByTestId('refusal');
    expect(refusal.textContent).toContain('1株当たり配当金は0以上にしてください');
    expect(sent).toContainEqual({ method: 'POST', url: '/api/ops/dividends/events/41', body: { dps: '-5', reason: 'revised forecast' } });

    fireEvent.change(screen.getByTestId('edit-dps'), { target: { value: '42.5' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: JP.common.submit }));
    await waitFor(() => expect(screen.getByTestId('dps-41').textContent).toBe('42.5 オペレーター設定'));
    expect(sent).toContainEqual({ method: 'POST', url: '/api/ops/dividends/events/41', body: { dps: '42.5', reason: 'revised forecast' } });
  });

  it('schedules a split through the ops API and shows its refusal as sent', async () => {
    const { sent } = renderScreen(<DividendsPage />, {
      role: 'approver',
      respond: (call) =>
        call.method === 'GET' ? okAnswer(page([])) : call.url === '/api/ops/dividends/splits' ? refusedAnswer(MSG.splitRatioBelowOne) : undefined,
    });
    const submit = screen.getByTestId('split-form-submit') as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    const form = screen.getByTestId('split-form');
    fireEvent.change(within(form).getByLabelText(EN.common.code), { target: { value: '6758' } });
    fireEvent.change(screen.getByTestId('split-ratio'), { target: { value: '0' } });
    fireEvent.change(screen.getByTestId('split-date'), { target: { value: '2027-01-07' } });
    fireEvent.change(screen.getByTestId('split-reason'), { target: { value: 'board resolution' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        url: '/api/ops/dividends/splits',
        body: { code: '6758', ratio: '0', effectiveDate: '2027-01-07', reason: 'board resolution' },
      }),
    );
    expect((await within(form).findByTestId('refusal')).textContent).toContain('ratio');
  });

  it('for a viewer, disables the edit and the split with the role they need', async () => {
    renderScreen(<DividendsPage />, { role: 'viewer', respond: () => okAnswer(page([entry('40.0')])) });
    const edit = () => screen.getByTestId('dividend-edit-41') as HTMLButtonElement;
    await waitFor(() => expect(edit().closest('.ops-disabled-with-reason')?.getAttribute('aria-label')).toBe('needs approver (you are viewer)'));
    expect(edit().disabled).toBe(true);
    expect((screen.getByTestId('split-form-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
