// Credit loan (ROUTES.creditLoan). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function CreditLoanPage() {
  return <PagePending />;
}
