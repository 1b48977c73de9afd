// Opening auction (/pages/common/dayTrading). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function DayTradingPage() {
  return <PagePending />;
}
