import { moneyText } from './money';

test('amounts are grouped as the server sent them, decimals and sign kept', () => {
  expect(moneyText({ currency: 'JPY', minor: '1300000', amount: '1300000' })).toBe('1,300,000 JPY');
  expect(moneyText({ currency: 'JPY', minor: '-500', amount: '-500' })).toBe('-500 JPY');
  expect(moneyText({ currency: 'USD', minor: '123456789', amount: '1234567.89' })).toBe('1,234,567.89 USD');
  expect(moneyText(null)).toBe('—');
});
