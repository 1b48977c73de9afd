// Add bank card (/pages/mine/bandBankCard). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function BindBankCardPage() {
  return <PagePending />;
}
