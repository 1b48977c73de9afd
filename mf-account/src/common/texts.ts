// The account namespace's texts: the SDK's texts hook, typed by the English keys.
import { useTexts } from '@kabuto/shared-sdk';
import type { AccountTextKey } from '../translations';

export const ACCOUNT_NS = 'account';

export const useAccountText = () => useTexts<AccountTextKey>(ACCOUNT_NS);
