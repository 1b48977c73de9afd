// Trading, subscriptions, following and lending (spec §8 "Trading").
import type { MessageGroup } from './types';

export const tradingMessages = {
  orderNotPending: {
    tw: '訂單不是掛單狀態，請勿重複操作',
    jp: '注文は未約定の状態ではありません。重複操作はお控えください',
    en: 'The order is not pending. Do not repeat the operation',
  },
  orderNotHolding: {
    tw: '訂單不是持倉狀態，請勿重複操作',
    jp: '注文は保有中の状態ではありません。重複操作はお控えください',
    en: 'The order is not being held. Do not repeat the operation',
  },
  orderNotInReview: {
    tw: '訂單不是審核狀態，請勿重複操作',
    jp: '注文は審査中の状態ではありません。重複操作はお控えください',
    en: 'The order is not under review. Do not repeat the operation',
  },
  orderNotSubscribing: {
    tw: '訂單不是申購狀態，請勿重複操作',
    jp: '注文は申込中の状態ではありません。重複操作はお控えください',
    en: 'The order is not in subscription. Do not repeat the operation',
  },
  orderNotFound: { tw: '訂單不存在', jp: '注文が存在しません', en: 'Order does not exist' },
  priceLimitExceeded: { tw: '超出漲跌停價格限制', jp: '値幅制限を超えています', en: 'Price limit exceeded' },
  stockPriceUnavailable: {
    tw: '未獲取到股票價格，如多次出現請聯繫客服',
    jp: '株価を取得できませんでした。繰り返し発生する場合はサポートにお問い合わせください',
    en: 'Stock price not available. Contact support if this happens again',
  },
  cannotSellSameDay: { tw: '當日買入不可當日賣出', jp: '当日買い付けた株式は当日売却できません', en: 'Shares bought today cannot be sold today' },
  cannotSellTPlusOne: {
    tw: 'T+1交易，次日方可賣出',
    jp: 'T+1取引のため、翌営業日以降に売却できます',
    en: 'T+1 trading: shares can be sold from the next day',
  },
  positionLocked: {
    tw: '持倉鎖定中，請於鎖定時間結束後賣出',
    jp: 'ポジションはロック中です。ロック解除後に売却してください',
    en: 'Position is locked. Sell after the lock period (minutes) ends',
  },
  lockUpPeriod: { tw: '鎖定期內不可賣出', jp: 'ロックアップ期間中は売却できません', en: 'Cannot sell during the lock-up period' },
  notYetListed: { tw: '股票尚未上市', jp: 'この銘柄はまだ上場していません', en: 'The stock is not yet listed' },
  blockTradeClosed: { tw: '大宗交易未開放', jp: '大口取引は受付していません', en: 'Block trading is closed' },
  dailyPurchaseLimitReached: {
    tw: '已達當日購買上限',
    jp: '本日の購入上限に達しました',
    en: 'Daily purchase limit reached',
  },
  belowMinimumBuy: { tw: '低於最低購買數量', jp: '最低購入数量を下回っています', en: 'Below the minimum purchase quantity' },
  aboveMaximumBuy: { tw: '超過最高購買數量', jp: '最大購入数量を超えています', en: 'Above the maximum purchase quantity' },
  marginNotEnabled: { tw: '未開通融資交易', jp: '信用取引が有効になっていません', en: 'Margin trading is not enabled' },
  dualFinancingNotEnabled: {
    tw: '未開通兩融交易',
    jp: '信用取引（融資・貸株）が有効になっていません',
    en: 'Margin financing and securities lending are not enabled',
  },
  productNotFound: { tw: '產品不存在或已下架', jp: '商品が存在しないか、取り扱いを終了しました', en: 'Product not found or removed' },
  followDeadlinePassed: {
    tw: '已超過跟單截止時間',
    jp: 'コピートレードの締め切りを過ぎています',
    en: 'The order-following deadline has passed',
  },
  belowProductMinimum: {
    tw: '購買金額低於產品最低金額',
    jp: '購入金額が商品の最低金額を下回っています',
    en: 'Buy amount is below the product minimum',
  },
  subscriptionNotStarted: {
    tw: '未到申購時間',
    jp: '申込期間前です',
    en: 'Subscription has not started yet',
  },
  subscriptionChannelClosed: {
    tw: '申購通道未開放',
    jp: '申込受付は開始されていません',
    en: 'Subscription channel is not open',
  },
  subscribeOnceOnly: {
    tw: '每支新股只能申購一次',
    jp: '新規公開株は1銘柄につき1回のみ申し込めます',
    en: 'Each new stock can be subscribed only once',
  },
  lendingQuotaFull: { tw: '借券額度已滿', jp: '貸株の枠が埋まっています', en: 'Lending quota is full' },
  lendingChannelClosed: { tw: '借券通道已關閉', jp: '貸株の受付は終了しました', en: 'Lending channel is closed' },
  bidBelowMinimum: { tw: '出價不能低於最低價', jp: '入札価格が最低価格を下回っています', en: 'Bid price cannot be below the minimum' },
} as const satisfies MessageGroup;
