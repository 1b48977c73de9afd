// Loan records (ROUTES.loanRecords). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function LoanRecordsPage() {
  return <PagePending />;
}
