// The support dialog's code loads after the tap: a customer who has left home by then must not
// get the dialog over the next page (the shell closes open dialogs on navigation, not late ones).
import { act, screen, waitFor } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { bridgeAntdMobileToReact19, closeImperativeDialogs } from '@kabuto/shared-sdk/ui';
import { showSupportDialog } from './HomePage';

beforeAll(() => bridgeAntdMobileToReact19(unstableSetRender));
afterEach(() => act(() => closeImperativeDialogs()));

async function settle() {
  await act(async () => {
    await import('antd-mobile');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

test('opens while the customer is still on home', async () => {
  showSupportDialog('Customer support', 'Chat with us', 'Close', () => true);
  await settle();
  await waitFor(() => expect(screen.getByText('Chat with us')).toBeTruthy());
});

test('does not open once the customer has left home', async () => {
  showSupportDialog('Customer support', 'Chat with us', 'Close', () => false);
  await settle();
  expect(screen.queryByText('Chat with us')).toBeNull();
  expect(document.querySelector('.adm-dialog')).toBeNull();
});
