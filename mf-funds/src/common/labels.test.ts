import { referenceText } from './labels';
import type { FundsTextKey } from '../texts/en';
import { en } from '../texts/en';

const t = (key: FundsTextKey, values: { id: string }) => en[key].replace('{{id}}', values.id);

test('a journal reference reads as its record and number, never as the ledger code', () => {
  expect(referenceText('withdrawal:2', t)).toBe('Withdrawal No. 2');
  expect(referenceText('position:1', t)).toBe('Position No. 1');
  expect(referenceText('ipo:7', t)).toBe('IPO application No. 7');
  expect(referenceText('block-inventory:7203', t)).toBe('No. 7203');
  expect(referenceText('odd', t)).toBe('No. odd');
});
