// Bank card (spec §8 "Bank card").
import type { MessageGroup } from './types';

export const bankCardMessages = {
  bankCardNotFound: { tw: '銀行卡不存在', jp: '銀行口座が存在しません', en: 'Bank card does not exist' },
  bankCardExists: { tw: '銀行卡已存在', jp: 'この銀行口座は既に登録されています', en: 'Bank card already exists' },
  bankCardNotOwned: {
    tw: '銀行卡不屬於本人',
    jp: 'この銀行口座はご本人名義ではありません',
    en: 'This bank card does not belong to you',
  },
} as const satisfies MessageGroup;
