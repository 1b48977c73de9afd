// mf-trade's page tests: the SDK's remote page kit with this remote's namespace and texts.
import type { ReactElement } from 'react';
import type { Lang } from '@kabuto/shared-sdk';
import { installFakeServer, renderRemotePage, type RecordedCall } from '@kabuto/shared-sdk/ui/test-utils/remote-page-kit';
import { TRADE_NS } from '../common/texts';
import { TRADE_TEXTS } from '../translations';

export { ok, refused, yen, type Envelope, type Handler } from '@kabuto/shared-sdk/ui/test-utils/remote-page-kit';
export type TradeCall = RecordedCall;
export const installTradeServer = installFakeServer;

export function renderTrade(ui: ReactElement, options: { lang?: Lang; path?: string } = {}) {
  return renderRemotePage(ui, { ns: TRADE_NS, texts: TRADE_TEXTS }, options);
}
