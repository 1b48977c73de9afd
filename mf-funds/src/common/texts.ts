// The funds namespace's texts: the SDK's texts hook, typed by the English keys.
import { useTexts } from '@kabuto/shared-sdk';
import type { FundsTextKey } from '../texts/en';

export const FUNDS_NS = 'funds';

export const useFundsText = () => useTexts<FundsTextKey>(FUNDS_NS);
