// Bank card (spec §8 "Bank card").
import type { MessageKeys } from './types';

export const bankCardMessages = {
  bankCardNotFound: '銀行卡不存在',
  bankCardExists: '銀行卡已存在',
  bankCardNotOwned: '銀行卡不屬於本人',
} as const satisfies MessageKeys;
