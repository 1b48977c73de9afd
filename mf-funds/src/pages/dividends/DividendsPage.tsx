// Dividends (the five dividend routes of spec §2, ROUTES.dividends…dividends5). Until
// their feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function DividendsPage() {
  return <PagePending />;
}
