// mf-trade's './order-ticket' module (shared-sdk remote/widgets.ts): the order ticket
// widget with what the shell checks before it renders it (contract, SDK version) and the
// trade namespace's texts, registered by the shell even when no trade page was opened.
import { unstableSetRender } from 'antd-mobile';
import type { OrderTicketProps, RemoteWidgetModule } from '@kabuto/shared-sdk';
import { bridgeAntdMobileToReact19 } from '@kabuto/shared-sdk/ui';
import { TRADE_NS } from '../../common/texts';
import { TRADE_TEXT_LOADERS } from '../../text-loaders';
import { OrderTicket } from './OrderTicket';

bridgeAntdMobileToReact19(unstableSetRender);

const widget: RemoteWidgetModule<OrderTicketProps> = {
  contract: __KABUTO_SDK_CONTRACT__,
  sdkVersion: __KABUTO_SDK_VERSION__,
  name: 'mf_trade',
  namespace: TRADE_NS,
  translations: TRADE_TEXT_LOADERS,
  Component: OrderTicket,
};

export const { contract, sdkVersion, name, namespace, translations, Component } = widget;
