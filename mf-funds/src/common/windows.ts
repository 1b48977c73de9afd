// The deposit/withdrawal window as the server states it ('09:00-17:00', days 'mon-fri').
import type { FundsTextKey } from '../texts/en';

export function daysLabelKey(days: string): FundsTextKey {
  return days === 'mon-fri' ? 'days.monFri' : 'days.everyDay';
}
