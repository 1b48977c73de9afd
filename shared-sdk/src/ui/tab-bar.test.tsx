// The SDK's tab row: the selected tab is the one announced and focusable, and the
// arrow keys move the selection as the WAI-ARIA tabs pattern says.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { TabBar } from './tab-bar';

function Harness() {
  const [key, setKey] = useState<'a' | 'b' | 'c'>('a');
  return (
    <TabBar
      items={[
        { key: 'a', title: 'A' },
        { key: 'b', title: 'B' },
        { key: 'c', title: 'C' },
      ]}
      activeKey={key}
      onChange={setKey}
      testId="tabs"
    />
  );
}

test('click selects a tab; only the selected one is in the focus order', () => {
  render(<Harness />);
  fireEvent.click(screen.getByRole('tab', { name: 'B' }));
  expect(screen.getByRole('tab', { name: 'B' }).getAttribute('aria-selected')).toBe('true');
  expect(screen.getByRole('tab', { name: 'A' }).getAttribute('aria-selected')).toBe('false');
  expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
});

test('arrow keys move the selection and the focus, wrapping at the ends', () => {
  render(<Harness />);
  fireEvent.keyDown(screen.getByRole('tab', { name: 'A' }), { key: 'ArrowLeft' });
  expect(screen.getByRole('tab', { name: 'C' }).getAttribute('aria-selected')).toBe('true');
  expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'C' }));
  fireEvent.keyDown(screen.getByRole('tab', { name: 'C' }), { key: 'ArrowRight' });
  expect(screen.getByRole('tab', { name: 'A' }).getAttribute('aria-selected')).toBe('true');
});
