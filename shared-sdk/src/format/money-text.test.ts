/** @jest-environment node */
import { formatMoneyText, formatSignedMoney, groupAmount } from './money-text';

describe('money display', () => {
  it('groups exact amounts without rounding', () => {
    expect(groupAmount('1234567.80')).toBe('1,234,567.80');
    expect(groupAmount('-1500')).toBe('-1,500');
    expect(groupAmount('0.05')).toBe('0.05');
    expect(groupAmount('999')).toBe('999');
  });

  it('puts the currency sign or code where readers expect it', () => {
    expect(formatMoneyText({ currency: 'JPY', minor: '1500000', amount: '1500000' })).toBe('¥1,500,000');
    expect(formatMoneyText({ currency: 'USD', minor: '-1230', amount: '-12.30' })).toBe('-$12.30');
    expect(formatMoneyText({ currency: 'THB', minor: '100000', amount: '1000.00' })).toBe('1,000.00 THB');
  });

  it('shows the sign of a posting', () => {
    expect(formatSignedMoney({ currency: 'JPY', minor: '500', amount: '500' })).toBe('+¥500');
    expect(formatSignedMoney({ currency: 'USD', minor: '-300', amount: '-3.00' })).toBe('-$3.00');
  });
});
