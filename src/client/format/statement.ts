import { STATEMENT_SIGN, type StatementType } from '../../contract';
import { formatAmount, toNumber } from './amount';

const isStatementType = (type: string): type is StatementType => Object.hasOwn(STATEMENT_SIGN, type);

/** SPEC section 9: deposit and bonus '+', withdraw '-', every other type no sign. */
export const statementSign = (type: string): '+' | '-' | '' => (isStatementType(type) ? STATEMENT_SIGN[type] : '');

/** A statement amount with its sign: "+1,000.00", "-250.00", "300.00"; '-' when not a number. */
export const formatStatementAmount = (type: string, amount: unknown): string => {
  const n = toNumber(amount);
  if (n === null) return '-';
  const sign = statementSign(type);
  return sign ? `${sign}${formatAmount(Math.abs(n))}` : formatAmount(n);
};
