// The published corporate calendar (docs/credit.md "Corporate calendar"): other modules call these.
export {
  DEFAULT_FISCAL_YEAR_END_MONTH,
  FISCAL_YEAR_END_MONTHS,
  LAST_CUM_BUSINESS_DAYS_BEFORE_RECORD,
  fiscalYearEndMonth,
  lastCumDateOf,
  nextRightsDate,
  rightsDatesBetween,
  type RightsDate,
  type RightsKind,
} from './calendar';
