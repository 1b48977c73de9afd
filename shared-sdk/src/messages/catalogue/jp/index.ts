// Every catalogue message in Japanese, by name: its own chunk, loaded when the page shows
// Japanese (../../translate.ts loadMessageTexts); the server and the tests import it directly.
import type { MessageTextsByName } from '../../catalogue';
import { accountMessagesJp } from './account';
import { bankCardMessagesJp } from './bank-card';
import { blockTradeMessagesJp } from './block-trades';
import { clientMessagesJp } from './client';
import { dividendMessagesJp } from './dividends';
import { fundsMessagesJp } from './funds';
import { ipoMessagesJp } from './ipo';
import { lendingMessagesJp } from './lending';
import { rewardMessagesJp } from './rewards';
import { loanMessagesJp } from './loans';
import { marketMessagesJp } from './market';
import { otherMessagesJp } from './other';
import { passwordMessagesJp } from './passwords';
import { priceAlertMessagesJp } from './price-alerts';
import { realNameMessagesJp } from './real-name';
import { securityMessagesJp } from './security';
import { strategyMessagesJp } from './strategies';
import { trustMessagesJp } from './trust';
import { successMessagesJp } from './success';
import { supportMessagesJp } from './support';
import { tradingMessagesJp } from './trading';
import { validationMessagesJp } from './validation';

export const MESSAGES_JP: MessageTextsByName = {
  ...accountMessagesJp,
  ...bankCardMessagesJp,
  ...blockTradeMessagesJp,
  ...strategyMessagesJp,
  ...trustMessagesJp,
  ...clientMessagesJp,
  ...dividendMessagesJp,
  ...fundsMessagesJp,
  ...ipoMessagesJp,
  ...lendingMessagesJp,
  ...rewardMessagesJp,
  ...loanMessagesJp,
  ...marketMessagesJp,
  ...otherMessagesJp,
  ...passwordMessagesJp,
  ...priceAlertMessagesJp,
  ...realNameMessagesJp,
  ...securityMessagesJp,
  ...successMessagesJp,
  ...supportMessagesJp,
  ...tradingMessagesJp,
  ...validationMessagesJp,
};
