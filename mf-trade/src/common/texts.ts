// The trade namespace's texts: the SDK's texts hook, typed by the English keys.
import { useTexts } from '@kabuto/shared-sdk';
import type { TradeTextKey } from '../texts/en';

export const TRADE_NS = 'trade';

export const useTradeText = () => useTexts<TradeTextKey>(TRADE_NS);
