// The bank card messages in Japanese, by name (the names and the catalogue keys: ../bank-card.ts).
import type { bankCardMessages } from '../bank-card';
import type { MessageTexts } from '../types';

export const bankCardMessagesJp: MessageTexts<typeof bankCardMessages> = {
  bankCardNotFound: '銀行口座が存在しません',
  bankCardExists: 'この銀行口座は既に登録されています',
  bankCardNotOwned: 'この銀行口座はご本人名義ではありません',
};
