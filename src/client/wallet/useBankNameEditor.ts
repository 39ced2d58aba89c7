import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { bankAccountNameMachine } from '../../../machines/bankAccountNameMachine';
import { call, endpoints, errorCodeOf, errorText } from '../api';
import { copyText } from '../ui/clipboard';
import { useToast } from '../ui/toastContext';

/**
 * The English bank account name editor of SPEC section 4 (machines/bankAccountNameMachine) with
 * the app's effects: the update call, the copy, the toasts. One for the profile and the home's
 * deposit modal; `onNameChanged` lets the owner read the wallet again.
 */
export function useBankNameEditor(bankAccount: { bankCode: string; bankAccountName: string }, onNameChanged?: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  return useMachine(
    bankAccountNameMachine.provide({
      actors: {
        updateName: fromPromise(async ({ input }) => (await call(endpoints.accountBankAccountName, { body: input })).bankAccount),
        copyText: fromPromise(({ input }) => copyText(input.text)),
      },
      actions: {
        notifyNotEnglish: () => toast.error(t('bankName.englishOnly')),
        notifyUpdateFailed: (_, { error }) => toast.error(errorText(t, errorCodeOf(error))),
        nameReplaced: () => onNameChanged?.(),
        notifyCopied: (_, { text }) => toast.success(t('profile.copied', { text })),
        notifyCopyFailed: () => toast.error(t('profile.copyFailed')),
      },
    }),
    { input: { bankCode: bankAccount.bankCode, bankAccountName: bankAccount.bankAccountName } },
  );
}

export type BankNameEditor = ReturnType<typeof useBankNameEditor>;
