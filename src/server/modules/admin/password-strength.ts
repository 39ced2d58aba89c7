import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { OPERATOR_PASSWORD_MIN_LENGTH, OPERATOR_PASSWORD_MIN_SCORE } from '../../../contract';
import { refuse } from '../../errors';

let estimator: ZxcvbnFactory | undefined;

/**
 * Operators move money, so their passwords must resist guessing: long enough, and strong by
 * zxcvbn's estimate against common passwords, keyboard walks and the operator's own names.
 */
export function checkOperatorPassword(password: string, userInputs: string[] = []) {
  if (password.length < OPERATOR_PASSWORD_MIN_LENGTH) refuse('WEAK_PASSWORD', 'too short');
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  if (estimator.check(password, userInputs).score < OPERATOR_PASSWORD_MIN_SCORE) refuse('WEAK_PASSWORD', 'too easy to guess');
}
