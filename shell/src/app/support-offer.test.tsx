// A seat account's refusal (data: support hint) reaches the host's offerSupport: the refusal's
// text with a way to the support chat, in the page's language; several at once make one offer.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { ROUTES } from '@kabuto/shared-sdk';
import { bridgeAntdMobileToReact19, closeImperativeDialogs, registerSdkUiTexts } from '@kabuto/shared-sdk/ui';
import { showSupportOffer } from './support-offer';

beforeAll(() => {
  bridgeAntdMobileToReact19(unstableSetRender);
  registerSdkUiTexts();
});
afterEach(() => act(() => closeImperativeDialogs()));

test('the refusal with "Contact support", which opens the chat; a second refusal at once adds no second dialog', async () => {
  const navigate = jest.fn();
  let clock = 10_000;
  showSupportOffer('機構及席位帳戶僅可使用客服', 'tw', navigate, () => clock);
  clock += 100;
  showSupportOffer('機構及席位帳戶僅可使用客服', 'tw', navigate, () => clock);
  await waitFor(() => expect(screen.getByText('聯繫客服')).toBeTruthy());
  expect(screen.getAllByText('機構及席位帳戶僅可使用客服')).toHaveLength(1);
  expect(screen.getByText('關閉')).toBeTruthy();
  fireEvent.click(screen.getByText('聯繫客服'));
  expect(navigate).toHaveBeenCalledWith(ROUTES.supportChat);
});

test('in English, and again once the first offer is past', async () => {
  const navigate = jest.fn();
  showSupportOffer('Seat accounts use customer support only', 'en', navigate, () => 50_000);
  await waitFor(() => expect(screen.getByText('Contact support')).toBeTruthy());
  fireEvent.click(screen.getByText('Close'));
  expect(navigate).not.toHaveBeenCalled();
});
