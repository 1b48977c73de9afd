import type { Money } from '@kabuto/shared-sdk/schemas';
import { render } from '@testing-library/react';
import { SignedAmount, amountDirection } from './SignedAmount';

const yen = (minor: string): Money => ({ currency: 'JPY', minor, amount: minor });

test('money out is "down", money in is "up", zero is neither', () => {
  expect(amountDirection(yen('-50'))).toBe('down');
  expect(amountDirection(yen('1000'))).toBe('up');
  expect(amountDirection(yen('0'))).toBe('flat');
  expect(amountDirection(yen('-0'))).toBe('flat');
});

test('a −¥50 loss is drawn in the "down" colour, never the "up" one', () => {
  const { container } = render(<SignedAmount money={yen('-50')} />);
  const amount = container.firstElementChild as HTMLElement;
  expect(amount.textContent).toContain('50');
  expect(amount.dataset.direction).toBe('down');
  expect(amount.className.split(' ')).toContain('kb-down');
  expect(amount.className.split(' ')).not.toContain('kb-up');
});

test('a gain is drawn in the "up" colour', () => {
  const { container } = render(<SignedAmount money={yen('1000')} />);
  expect((container.firstElementChild as HTMLElement).className.split(' ')).toContain('kb-up');
});

test('the record colours are the up/down variables, not fixed reds and greens', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- read the stylesheet itself
  const css = require('fs').readFileSync(require('path').join(__dirname, '../../../shared-sdk/src/ui/kit.css'), 'utf8') as string;
  expect(css).toMatch(/\.kb-up \{\s*color: var\(--kabuto-up\);/);
  expect(css).toMatch(/\.kb-down \{\s*color: var\(--kabuto-down\);/);
});
