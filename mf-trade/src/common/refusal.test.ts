import { en, type TradeTextKey } from '../texts/en';
import { jp } from '../texts/jp';
import { tw } from '../texts/tw';
import { refusalFigures } from './refusal';

const translator =
  (texts: Record<TradeTextKey, string>) =>
  (key: TradeTextKey, values: Record<string, string | number> = {}) =>
    texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

test.each([
  ['jp', jp, { rule: 'sell-stop-below-last', stop: '2800', last: '2790.5' }, '発動価格 ¥2,800、現在値 ¥2,790.5'],
  ['tw', tw, { rule: 'buy-stop-above-last', stop: '2700', last: '2790.5' }, '觸發價 ¥2,700，最新價 ¥2,790.5'],
  ['en', en, { rule: 'buy: limit < last < stop', limit: '2850', stop: '2790', last: '2795' }, 'Limit ¥2,850, stop ¥2,790, last ¥2,795'],
  ['jp', jp, { rule: 'sell: stop < last < limit', limit: '2700', stop: '2790', last: '2795' }, '指値 ¥2,700、発動価格 ¥2,790、現在値 ¥2,795'],
] as const)('in %s a conditional order’s refusal names its prices', (lang, texts, detail, told) => {
  expect(refusalFigures(detail, translator(texts), lang)).toBe(told);
});

test.each([
  ['tw', tw, '2026/12/01 起可賣出'],
  ['jp', jp, '2026/12/01 から売却できます'],
  ['en', en, 'Sellable from 01/12/2026'],
] as const)('in %s a lock-up refusal says the first day the shares may be sold as the language writes a date', (lang, texts, told) => {
  expect(refusalFigures({ rule: 'lock-up', sellableFrom: '2026-12-01', today: '2026-11-27' }, translator(texts), lang)).toBe(told);
});

test('a refusal whose figures are missing says nothing more', () => {
  expect(refusalFigures({ rule: 'buy-stop-above-last', stop: '2700' }, translator(en), 'en')).toBe('');
  expect(refusalFigures({ rule: 'lock-up', sellableFrom: 'soon' }, translator(en), 'en')).toBe('');
});
