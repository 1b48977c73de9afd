// Dividend details (the five dividend detail routes of spec §2, ROUTES.dividendDetail…
// dividendDetail5). Until their feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function DividendDetailPage() {
  return <PagePending />;
}
