// What the dividend property test takes from the market module and the clocks.
import { fixedClock } from '../../../clock';

export { addDays, createUniverse, isBusinessDay, MarketSimulator, nextBusinessDay, previousBusinessDay, roundToTick } from '../../market';

export const fixedClockForTests = () => fixedClock(new Date('2025-12-01T01:00:00Z'));
