// The block trades messages in Japanese, by name (the names and the catalogue keys: ../block-trades.ts).
import { BAND, type blockTradeMessages } from '../block-trades';
import type { MessageTexts } from '../types';

export const blockTradeMessagesJp: MessageTexts<typeof blockTradeMessages> = {
  blockOfferInvalid: 'ブロックオファーが無効です：数量、受付時間、最低株数（300株以上）、最低金額（150万円以上）を確認してください',
  blockPriceOutOfBand: `ブロック取引の価格は前日終値の±${BAND}%以内で設定してください`,
  blockInventoryShort: '自己在庫が不足しているため、この数量は公開できません',
  blockInventoryInvalid: '在庫の計上が無効です：株数は100株単位、価格は正の数で指定してください',
};
