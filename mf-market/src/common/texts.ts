// The market namespace's texts: the SDK's texts hook, typed by the English keys.
import { useTexts } from '@kabuto/shared-sdk';
import type { MarketTextKey } from '../translations';

export const MARKET_NS = 'market';

export const useMarketText = () => useTexts<MarketTextKey>(MARKET_NS);
