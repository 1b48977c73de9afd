// The state of what a page waits for, and a refusal, as every remote shows them.
import './test-utils/jsdom-platform';
import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { languageChanged, makeStore } from '../state';
import { QueryState, isLoaded, type QueryLike } from './page-state';
import { Refusal } from './refusal';
import { resetHost } from '../protocol/host';
import { ROUTES } from '../routes/route-table';
import { installRecordingHost } from '../test-utils/protocol';

function renderIn(lang: 'tw' | 'jp' | 'en', ui: React.ReactElement) {
  const store = makeStore();
  store.dispatch(languageChanged(lang));
  return render(<Provider store={store}>{ui}</Provider>);
}

const query = (over: Partial<QueryLike<{ n: number }>>): QueryLike<{ n: number }> => ({ isLoading: false, isError: false, refetch: jest.fn(), ...over });

test('isLoaded: data and no failure', () => {
  expect(isLoaded(query({ data: { n: 1 } }))).toBe(true);
  expect(isLoaded(query({ isLoading: true }))).toBe(false);
  expect(isLoaded(query({ isError: true, data: { n: 1 } }))).toBe(false);
});

test.each([
  ['tw', '載入中...', '載入失敗'],
  ['jp', '読み込み中...', '読み込みに失敗しました'],
  ['en', 'Loading...', 'Load failed'],
] as const)('QueryState in %s: loading, then failed with a retry that asks again, in the page frame', (lang, loading, failed) => {
  const view = renderIn(lang, <QueryState query={query({ isLoading: true })} page />);
  expect(screen.getByTestId('list-loading').textContent).toBe(loading);
  expect(view.container.firstElementChild?.className).toBe('kb-page');
  view.unmount();
  const failing = query({ isError: true });
  renderIn(lang, <QueryState query={failing} />);
  expect(screen.getByTestId('list-failed').textContent).toContain(failed);
  fireEvent.click(screen.getByTestId('page-state-retry'));
  expect(failing.refetch).toHaveBeenCalledTimes(1);
});

test('Refusal: the message as an alert, with a second line when the form knows more; nothing without a text', () => {
  const view = render(<Refusal text="Insufficient buying power · Required ¥405,000" detail="Today: 200 of 500 shares" testId="form-error" />);
  expect(screen.getByRole('alert').getAttribute('data-testid')).toBe('form-error');
  expect(screen.getByRole('alert').className).toBe('kb-error');
  expect(screen.getByTestId('form-error-detail').textContent).toBe('Today: 200 of 500 shares');
  view.unmount();
  render(<Refusal text={null} testId="form-error" />);
  expect(screen.queryByRole('alert')).toBeNull();
});

test.each([
  ['tw', '聯繫客服'],
  ['jp', 'サポートに問い合わせる'],
  ['en', 'Contact support'],
] as const)('Refusal in %s: a refusal that points to support offers the chat, which opens through the host', (lang, label) => {
  const host = installRecordingHost(lang);
  const view = renderIn(lang, <Refusal text="Seat accounts use support" testId="form-error" support />);
  const link = screen.getByTestId('form-error-support');
  expect(link.textContent).toBe(label);
  fireEvent.click(link);
  expect(host.navigations).toEqual([ROUTES.supportChat]);
  view.unmount();
  resetHost();
  // Any other refusal offers nothing.
  renderIn(lang, <Refusal text="Insufficient buying power" testId="form-error" />);
  expect(screen.queryByTestId('form-error-support')).toBeNull();
});

test('QueryState: a seat account’s refusal says what it is and offers support instead of "load failed"', () => {
  const host = installRecordingHost('en');
  const error = {
    status: 0,
    msg: 'seat',
    message: 'Seat accounts can only be served through online support',
    failure: 'rejected',
    detail: { rule: 'seat-account-support-only', support: true },
  };
  renderIn('en', <QueryState query={query({ isError: true, error })} page />);
  expect(screen.getByRole('alert').textContent).toContain('Seat accounts can only be served through online support');
  expect(screen.queryByTestId('list-failed')).toBeNull();
  fireEvent.click(screen.getByTestId('list-support-support'));
  expect(host.navigations).toEqual([ROUTES.supportChat]);
  resetHost();
});
