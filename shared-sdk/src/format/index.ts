// Node-safe entry '@kabuto/shared-sdk/format'.
export { formatMinorUnits, formatMoney, minorUnitsToDecimal, type MoneyForm } from './money';
export { formatMoneyText, formatSignedMoney, groupAmount } from './money-text';
export { COMPANY_NAME_CORRECTIONS, correctCompanyName } from './company-name';
export { groupThousands, parseDecimal, roundDecimal, type DecimalParts } from './decimal';
export { formatDateKey, formatDateTime } from './date-time';
