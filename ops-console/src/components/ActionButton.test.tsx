import { render, screen, waitFor } from '@testing-library/react';
import { Refine, type DataProvider } from '@refinedev/core';
import { createAccessControl } from '../providers/access-control';
import type { OpsRole } from '../api/route-table';
import { ActionButton } from './ActionButton';

const noData: DataProvider = {
  getApiUrl: () => '',
  getList: async () => ({ data: [], total: 0 }),
  getOne: async () => ({ data: {} as never }),
  create: async () => ({ data: {} as never }),
  update: async () => ({ data: {} as never }),
  deleteOne: async () => ({ data: {} as never }),
};

const button = () => screen.getByTestId('approve') as HTMLButtonElement;

function renderAs(role: OpsRole) {
  return render(
    <Refine
      dataProvider={noData}
      accessControlProvider={createAccessControl(
        () => role,
        (needed, held) => `needs ${needed} (you are ${held})`,
      )}
      options={{ disableTelemetry: true }}
    >
      <ActionButton resource="adjustments" action="approve" params={{ id: 1 }} label="Approve" reason="optional" testId="approve" />
    </Refine>,
  );
}

// Refine and antd render slowly under jsdom on a busy machine.
jest.setTimeout(20_000);

describe('an action button follows the operator’s role', () => {
  it('is disabled for a role below the route’s, with the reason (the tooltip’s text and the wrapper’s label)', async () => {
    renderAs('reviewer');
    // Disabled while the answer is pending too: the reason below shows the role was decided.
    await waitFor(() => expect(button().disabled).toBe(true));
    await waitFor(() => expect(button().closest('.ops-disabled-with-reason')?.getAttribute('aria-label')).toBe('needs approver (you are reviewer)'));
  });

  it('is enabled for a role that may use it', async () => {
    renderAs('approver');
    await waitFor(() => expect(button().disabled).toBe(false));
  });
});
