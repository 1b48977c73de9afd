// Every catalogue message in English, by name: its own chunk, loaded when the page shows
// English (../../translate.ts loadMessageTexts); the server and the tests import it directly.
import type { MessageTextsByName } from '../../catalogue';
import { accountMessagesEn } from './account';
import { bankCardMessagesEn } from './bank-card';
import { blockTradeMessagesEn } from './block-trades';
import { clientMessagesEn } from './client';
import { dividendMessagesEn } from './dividends';
import { fundsMessagesEn } from './funds';
import { ipoMessagesEn } from './ipo';
import { lendingMessagesEn } from './lending';
import { rewardMessagesEn } from './rewards';
import { loanMessagesEn } from './loans';
import { marketMessagesEn } from './market';
import { otherMessagesEn } from './other';
import { passwordMessagesEn } from './passwords';
import { priceAlertMessagesEn } from './price-alerts';
import { realNameMessagesEn } from './real-name';
import { securityMessagesEn } from './security';
import { strategyMessagesEn } from './strategies';
import { trustMessagesEn } from './trust';
import { successMessagesEn } from './success';
import { supportMessagesEn } from './support';
import { tradingMessagesEn } from './trading';
import { validationMessagesEn } from './validation';

export const MESSAGES_EN: MessageTextsByName = {
  ...accountMessagesEn,
  ...bankCardMessagesEn,
  ...blockTradeMessagesEn,
  ...strategyMessagesEn,
  ...trustMessagesEn,
  ...clientMessagesEn,
  ...dividendMessagesEn,
  ...fundsMessagesEn,
  ...ipoMessagesEn,
  ...lendingMessagesEn,
  ...rewardMessagesEn,
  ...loanMessagesEn,
  ...marketMessagesEn,
  ...otherMessagesEn,
  ...passwordMessagesEn,
  ...priceAlertMessagesEn,
  ...realNameMessagesEn,
  ...securityMessagesEn,
  ...successMessagesEn,
  ...supportMessagesEn,
  ...tradingMessagesEn,
  ...validationMessagesEn,
};
