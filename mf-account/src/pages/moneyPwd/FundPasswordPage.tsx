// Fund password (/pages/mine/moneyPwd). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function FundPasswordPage() {
  return <PagePending />;
}
