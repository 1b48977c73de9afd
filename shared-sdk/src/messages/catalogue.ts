// The message catalogue: every server message of spec §8 plus the client's own texts,
// keyed by the canonical Traditional Chinese text the server sends in `msg`.
import { accountMessages } from './catalogue/account';
import { bankCardMessages } from './catalogue/bank-card';
import { blockTradeMessages } from './catalogue/block-trades';
import { clientMessages } from './catalogue/client';
import { dividendMessages } from './catalogue/dividends';
import { fundsMessages } from './catalogue/funds';
import { ipoMessages } from './catalogue/ipo';
import { priceAlertMessages } from './catalogue/price-alerts';
import { supportMessages } from './catalogue/support';
import { lendingMessages } from './catalogue/lending';
import { loanMessages } from './catalogue/loans';
import { marketMessages } from './catalogue/market';
import { otherMessages } from './catalogue/other';
import { passwordMessages } from './catalogue/passwords';
import { realNameMessages } from './catalogue/real-name';
import { rewardMessages } from './catalogue/rewards';
import { securityMessages } from './catalogue/security';
import { strategyMessages } from './catalogue/strategies';
import { trustMessages } from './catalogue/trust';
import { successMessages } from './catalogue/success';
import { tradingMessages } from './catalogue/trading';
import { validationMessages } from './catalogue/validation';

export type { MessageKeys, MessageTexts, MessageTranslation } from './catalogue/types';

/** The catalogue by group, as spec §8 lists them (tests check names and keys are unique across groups). */
export const MESSAGE_GROUPS = {
  account: accountMessages,
  passwords: passwordMessages,
  realName: realNameMessages,
  security: securityMessages,
  funds: fundsMessages,
  bankCard: bankCardMessages,
  trading: tradingMessages,
  ipo: ipoMessages,
  blockTrades: blockTradeMessages,
  strategies: strategyMessages,
  trust: trustMessages,
  priceAlerts: priceAlertMessages,
  support: supportMessages,
  loans: loanMessages,
  lending: lendingMessages,
  rewards: rewardMessages,
  dividends: dividendMessages,
  market: marketMessages,
  other: otherMessages,
  success: successMessages,
  validation: validationMessages,
  client: clientMessages,
} as const;

type MessageEntries = typeof accountMessages &
  typeof passwordMessages &
  typeof realNameMessages &
  typeof securityMessages &
  typeof fundsMessages &
  typeof bankCardMessages &
  typeof tradingMessages &
  typeof ipoMessages &
  typeof blockTradeMessages &
  typeof strategyMessages &
  typeof trustMessages &
  typeof priceAlertMessages &
  typeof supportMessages &
  typeof loanMessages &
  typeof lendingMessages &
  typeof rewardMessages &
  typeof dividendMessages &
  typeof marketMessages &
  typeof otherMessages &
  typeof successMessages &
  typeof validationMessages &
  typeof clientMessages;

export type MessageName = keyof MessageEntries;

const ENTRIES: MessageEntries = Object.assign({}, ...Object.values(MESSAGE_GROUPS));

/**
 * Semantic name → catalogue key (the Traditional Chinese text, which is also the message's tw
 * text). The server answers `{ status: 0, msg: MSG.accountFrozen }`; the client translates `msg`.
 */
export const MSG: Readonly<MessageEntries> = Object.freeze(ENTRIES);

/** Any catalogue key (the Traditional Chinese text). */
export type MessageKey = (typeof MSG)[MessageName];

/** Every message's text in one more language, by name (catalogue/jp, catalogue/en). */
export type MessageTextsByName = { readonly [K in MessageName]: string };

/**
 * Other spellings that mean a catalogue message: the Simplified Chinese list states the
 * spec quotes (加载中... / 没有更多了 / 加载失败) and the English source texts of the
 * client's own messages.
 */
export const MESSAGE_ALIASES: Readonly<Record<string, MessageName>> = {
  '加载中...': 'listLoading',
  没有更多了: 'listNoMore',
  加载失败: 'listLoadFailed',
  'Loading chunk failed': 'loadingChunkFailed',
  'network error code=': 'networkErrorCode',
  'image uploading': 'imageUploading',
  'upload success': 'uploadSuccess',
};

const NAMES_BY_KEY: ReadonlyMap<string, MessageName> = new Map([
  ...(Object.entries(ENTRIES) as [MessageName, string][]).map(([name, key]) => [key, name] as const),
  ...Object.entries(MESSAGE_ALIASES),
]);

/** The message a catalogue key (or alias) stands for, or undefined when the text is not in the catalogue. */
export function messageNameOf(key: string): MessageName | undefined {
  return NAMES_BY_KEY.get(key);
}
