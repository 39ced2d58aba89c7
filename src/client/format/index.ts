export { formatAmount, toNumber } from './amount';
export { formatCountdown, formatDateTime, toDate } from './date';
export { formatRelativeTime, relativeTime, type RelativeTime, type RelativeTimeUnit } from './relativeTime';
export { formatStatementAmount, statementSign } from './statement';
export { formatBankAccountNo } from './bankAccount';
