// A refusal's figures as the screens write them (the remotes' refusal texts are built on these).
import { MSG } from '../messages/catalogue';
import { detailMoney, refusalWithFigures } from './call-outcome';

const refused = (detail?: Record<string, unknown>) => ({
  status: 0,
  msg: MSG.insufficientBuyingPower,
  message: 'Insufficient buying power',
  ...(detail ? { detail } : {}),
});

test('a money figure of a refusal is written as money; anything else by that name is not one', () => {
  const detail = { rule: 'buying-power', required: { amount: '267300', currency: 'JPY', minor: '267300' }, count: 3, text: '¥5' };
  expect(detailMoney(detail, 'required')).toBe('¥267,300');
  expect(detailMoney(detail, 'count')).toBeNull();
  expect(detailMoney(detail, 'text')).toBeNull();
  expect(detailMoney(detail, 'missing')).toBeNull();
});

test("a refusal's text: the message, then the figures its remote writes for the rule; the message alone without any", () => {
  const figures = (d: Readonly<Record<string, unknown>>) => (d.rule === 'buying-power' ? `Required ${detailMoney(d, 'required') ?? '?'}` : '');
  expect(refusalWithFigures(refused({ rule: 'buying-power', required: { amount: '1', currency: 'JPY', minor: '1' } }), figures)).toBe(
    'Insufficient buying power · Required ¥1',
  );
  expect(refusalWithFigures(refused({ rule: 'other' }), figures)).toBe('Insufficient buying power');
  expect(refusalWithFigures(refused(), figures)).toBe('Insufficient buying power');
  expect(refusalWithFigures(new Error('not ours'), figures)).toBe('');
});
