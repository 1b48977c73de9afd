import { MSG, translateMessage } from '@kabuto/shared-sdk';
import { en, type IpoTextKey } from '../texts/en';
import { jp } from '../texts/jp';
import { tw } from '../texts/tw';
import { refusalFigures, refusalText } from './refusal';

const translator =
  (texts: Record<IpoTextKey, string>) =>
  (key: IpoTextKey, values: Record<string, string | number> = {}) =>
    texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

const yen = (amount: string) => ({ currency: 'JPY', minor: amount, amount });
const buyingPower = { rule: 'buying-power', required: yen('405000'), buyingPower: yen('100000') };

test.each([
  ['tw', tw, '需要 ¥405,000，可用資金 ¥100,000'],
  ['jp', jp, '必要額 ¥405,000、買付余力 ¥100,000'],
  ['en', en, 'Required ¥405,000, buying power ¥100,000'],
] as const)('in %s a buying-power refusal names the escrow the lots need and the buying power', (_lang, texts, told) => {
  expect(refusalFigures(buyingPower, translator(texts))).toBe(told);
});

test('a refusal whose figures are missing or unknown says nothing more', () => {
  expect(refusalFigures({ rule: 'buying-power', required: yen('405000') }, translator(en))).toBe('');
  expect(refusalFigures({ rule: 'buying-power', required: '405000', buyingPower: '100000' }, translator(en))).toBe('');
  expect(refusalFigures({ rule: 'something-else', required: yen('1') }, translator(en))).toBe('');
});

test('the text is the message, then the figures; the message alone without them', () => {
  const message = translateMessage(MSG.insufficientBuyingPower, 'en');
  const error = { status: 0, message, msg: MSG.insufficientBuyingPower, failure: 'rejected', detail: buyingPower };
  expect(refusalText(error, translator(en))).toBe(`${message} · Required ¥405,000, buying power ¥100,000`);
  expect(refusalText({ ...error, detail: undefined }, translator(en))).toBe(message);
  expect(refusalText(new Error('not ours'), translator(en))).toBe('');
});
