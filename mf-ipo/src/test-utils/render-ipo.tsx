// mf-ipo's page tests: the SDK's remote page kit with this remote's namespace and texts.
import type { ReactElement } from 'react';
import type { Lang } from '@kabuto/shared-sdk';
import { installFakeServer, renderRemotePage, type RecordedCall } from '@kabuto/shared-sdk/ui/test-utils/remote-page-kit';
import { IPO_NS } from '../common/texts';
import { IPO_TEXTS } from '../translations';

export { ok, refused, yen, type Envelope, type Handler } from '@kabuto/shared-sdk/ui/test-utils/remote-page-kit';
export type IpoCall = RecordedCall;
export const installIpoServer = installFakeServer;

export function renderIpo(ui: ReactElement, options: { lang?: Lang; path?: string } = {}) {
  return renderRemotePage(ui, { ns: IPO_NS, texts: IPO_TEXTS }, options);
}
