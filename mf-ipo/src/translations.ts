// Texts of the ipo namespace (mf-ipo). tw, jp and en are complete; hi and id fall back to en.
import type { Translations } from '@kabuto/shared-sdk';

export const IPO_TEXTS: Translations = {
  tw: {
    title_ipoSubscribe: '新股申購',
    title_ipoSubscriptions: '申購記錄',
    title_ipoList: '新股列表',
  },
  jp: {
    title_ipoSubscribe: '新規公開株の申込',
    title_ipoSubscriptions: '申込履歴',
    title_ipoList: 'IPO銘柄一覧',
  },
  en: {
    title_ipoSubscribe: 'New share subscription',
    title_ipoSubscriptions: 'Subscription records',
    title_ipoList: 'IPO list',
  },
};
