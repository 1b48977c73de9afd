// Texts of the trade namespace (mf-trade). tw, jp and en are complete; hi and id fall back to en.
import type { Translations } from '@kabuto/shared-sdk';

export const TRADE_TEXTS: Translations = {
  tw: {
    title_position: '持倉',
    title_positionDetail: '持倉詳情',
    title_dayTrading: '開盤競價',
    title_coupons: '優惠券',
  },
  jp: {
    title_position: '保有ポジション',
    title_positionDetail: 'ポジション詳細',
    title_dayTrading: '寄付オークション',
    title_coupons: 'クーポン',
  },
  en: {
    title_position: 'Positions',
    title_positionDetail: 'Position detail',
    title_dayTrading: 'Opening auction',
    title_coupons: 'Coupons',
  },
};
