// mf-trade's './daily-sign-in' module (shared-sdk remote/widgets.ts): the daily sign-in entry
// mf-market's home shows (today's state, the streak, the way to the coupons page), with what the
// shell checks before it renders it (contract, SDK version) and the trade namespace's texts.
import { unstableSetRender } from 'antd-mobile';
import type { DailySignInProps, RemoteWidgetModule } from '@kabuto/shared-sdk';
import { bridgeAntdMobileToReact19 } from '@kabuto/shared-sdk/ui';
import { DailySignIn } from '../../common/DailySignIn';
import { TRADE_NS } from '../../common/texts';
import { TRADE_TEXT_LOADERS } from '../../text-loaders';

bridgeAntdMobileToReact19(unstableSetRender);

function DailySignInEntry(_props: DailySignInProps) {
  return <DailySignIn compact />;
}

const widget: RemoteWidgetModule<DailySignInProps> = {
  contract: __KABUTO_SDK_CONTRACT__,
  sdkVersion: __KABUTO_SDK_VERSION__,
  name: 'mf_trade',
  namespace: TRADE_NS,
  translations: TRADE_TEXT_LOADERS,
  Component: DailySignInEntry,
};

export const { contract, sdkVersion, name, namespace, translations, Component } = widget;
