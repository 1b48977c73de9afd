// The market messages in Japanese, by name (the names and the catalogue keys: ../market.ts).
import type { marketMessages } from '../market';
import type { MessageTexts } from '../types';

export const marketMessagesJp: MessageTexts<typeof marketMessages> = {
  unknownStockCode: '銘柄コードが存在しません',
  searchTooLong: '検索語は40文字以内で入力してください',
  badKlineInterval: 'このチャート期間には対応していません',
  badKlineAdjustment: 'この株価調整方法には対応していません',
  tooManyStockCodes: '銘柄コードの数が上限を超えています',
  watchlistFull: 'ウォッチリストが上限に達しました',
  watchlistAdded: 'ウォッチリストに追加しました',
  watchlistRemoved: 'ウォッチリストから削除しました',
  newsNotFound: 'ニュースが見つかりません',
  newsTitleRequired: 'ニュースのタイトルを入力してください',
  newsBodyRequired: 'ニュースの本文を入力してください',
  newsAlreadyPublished: 'このニュースはすでに公開されています',
  wsBadFrame: '配信リクエストの形式が正しくありません',
  wsBadChannel: 'この配信チャネルには対応していません',
  clockRealCalendar: '業務時計は実際の暦で動いているため、進められません',
  clockCannotGoBack: '業務時計は戻せません：目標は現在の模擬時刻より後にしてください',
};
