import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { useAppSelector, usePageTitle } from './hooks';
import { makeStore } from './store';
import { selectHeaderTitle } from './ui-slice';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function TitledPage({ title }: { title: string }) {
  usePageTitle(title);
  const shown = useAppSelector(selectHeaderTitle);
  return <span>{shown}</span>;
}

describe('usePageTitle', () => {
  it('sets the header title and follows changes', async () => {
    const store = makeStore();
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <Provider store={store}>
          <TitledPage title="トヨタ自動車" />
        </Provider>,
      );
    });
    expect(store.getState().ui.headerTitle).toBe('トヨタ自動車');
    expect(container.textContent).toBe('トヨタ自動車');
    await act(async () => {
      root.render(
        <Provider store={store}>
          <TitledPage title="ソニー" />
        </Provider>,
      );
    });
    expect(store.getState().ui.headerTitle).toBe('ソニー');
    await act(async () => root.unmount());
  });
});
