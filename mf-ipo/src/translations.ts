// Texts of the ipo namespace (mf-ipo). tw, jp and en are complete; hi and id fall back to en.
import type { Translations } from '@kabuto/shared-sdk';

export const IPO_TEXTS: Translations = {
  tw: {
    title_subscribe: '新股申購',
    title_subs: '申購記錄',
    title_newList: '新股列表',
  },
  jp: {
    title_subscribe: '新規公開株の申込',
    title_subs: '申込履歴',
    title_newList: 'IPO銘柄一覧',
  },
  en: {
    title_subscribe: 'New share subscription',
    title_subs: 'Subscription records',
    title_newList: 'IPO list',
  },
};
