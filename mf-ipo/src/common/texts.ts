// The ipo namespace's texts: the SDK's texts hook, typed by the English keys.
import { useTexts } from '@kabuto/shared-sdk';
import type { IpoTextKey } from '../texts/en';

export const IPO_NS = 'ipo';

export const useIpoText = () => useTexts<IpoTextKey>(IPO_NS);
