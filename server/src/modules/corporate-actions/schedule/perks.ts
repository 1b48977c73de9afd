// What a simulated company's perk (株主優待) is: one of a few kinds, picked by the seed. Goods and
// services only, never cash or a cash-like voucher: a perk here has no cash value and moves no money.
import type { LocalisedNames } from '@kabuto/shared-sdk/schemas';
import { prngFor } from '../../market';

const KINDS: readonly LocalisedNames[] = [
  { tw: '自家產品組合（模擬）', jp: '自社製品詰め合わせ（シミュレーション）', en: 'A box of the company’s own products (simulated)' },
  { tw: '新米 5 公斤（模擬）', jp: 'お米 5kg（シミュレーション）', en: '5 kg of rice (simulated)' },
  { tw: '型錄禮品任選一件（模擬）', jp: 'カタログギフトから1点（シミュレーション）', en: 'One item from a gift catalogue (simulated)' },
  { tw: '工廠參觀招待（模擬）', jp: '工場見学会へのご招待（シミュレーション）', en: 'An invitation to a factory tour (simulated)' },
  { tw: '公司年曆與紀念品（模擬）', jp: 'オリジナルカレンダーと記念品（シミュレーション）', en: 'The company calendar and a keepsake (simulated)' },
];

export function perkDescription(seed: string, code: string): LocalisedNames {
  return KINDS[prngFor(seed, code, 'perk-kind').int(KINDS.length)] as LocalisedNames;
}
