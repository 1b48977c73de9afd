// Change login password (/pages/mine/resetPwd). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function ResetPasswordPage() {
  return <PagePending />;
}
