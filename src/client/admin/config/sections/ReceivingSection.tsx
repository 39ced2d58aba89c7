import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COUNTRIES, LAOS_CURRENCIES, PAYMENT_GATEWAYS, RECEIVING_BANK_MODES, RECEIVING_WALLET_MODES, receivingConfig,
  type Country, type ReceivingBank, type ReceivingConfig, type ReceivingWallet,
} from '../../../../contract';
import { LoadState, StatusTabs } from '../../parts';
import { PendingHere } from '../ChangeCard';
import { useDraft } from '../draft';
import { SelectField, SwitchField, TextField } from '../fields';
import { SaveBar } from '../SaveBar';
import { useConfigSection } from '../useConfigSection';
import { ReceivingQrFields } from './ReceivingQrFields';

const ANY = 'any';
const NEW_BANK: ReceivingBank = { bankCode: '', bankType: '', mode: 'AUTO', bankAccountName: '', bankAccountNo: '', currency: null };
const NEW_WALLET: ReceivingWallet = { mode: 'AUTO', walletAccountName: '', walletAccountNo: '' };
/** Digits only, as typed (spaces and dashes of a printed number dropped). */
const digits = (text: string) => text.replace(/\D/g, '');
const code = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The accounts members of each country deposit to: bank accounts and QR gateways, True Wallets,
 * and whether deposits are credited by hand, each account with its QR (PromptPay, LAO QR). Every
 * change waits for a second operator: it decides where members' money goes. The server checks
 * bank codes against the country's banks.
 */
export function ReceivingSection() {
  const { t } = useTranslation();
  const [country, setCountry] = useState<Country>('TH');
  const section = useConfigSection('receiving', receivingConfig);
  const current = section.items.find((i) => i.target === country)?.value ?? null;
  const { draft, set, reset, settle, dirty, problems } = useDraft<ReceivingConfig>(current, receivingConfig);

  const setBank = (index: number, bank: ReceivingBank) => draft && set({ ...draft, banks: draft.banks.map((b, i) => (i === index ? bank : b)) });
  const setWallet = (index: number, wallet: ReceivingWallet) => draft && set({ ...draft, wallets: draft.wallets.map((w, i) => (i === index ? wallet : w)) });
  const bankTitle = (bank: ReceivingBank, index: number) =>
    [t('admin.config.receiving.accountNumber', { n: index + 1 }), bank.bankCode, bank.mode].filter(Boolean).join(' · ');

  return (
    <section className="config-section" aria-labelledby="config-receiving-title">
      <h2 id="config-receiving-title">{t('admin.config.sections.receiving')}</h2>
      <p className="admin-note">{t('admin.config.receiving.help')}</p>
      <StatusTabs value={country} options={COUNTRIES} label={(c) => t(`admin.config.receiving.country.${c}`)} onChange={(c) => { setCountry(c); settle(); }} />
      <LoadState error={section.error} loading={section.loading} empty={false} />
      {draft && (
        <form className="config-form panel" onSubmit={(e) => e.preventDefault()} data-testid="config-receiving-form">
          <SwitchField label={t('admin.config.receiving.isManual')} hint={t('admin.config.receiving.isManualHint')} checked={draft.isManual}
            onChange={(isManual) => set({ ...draft, isManual })} />

          <h3>{t('admin.config.receiving.banks')}</h3>
          <p className="admin-note">{t('admin.config.receiving.banksHint', { gateways: PAYMENT_GATEWAYS.join(', ') })}</p>
          {draft.banks.map((bank, index) => (
            <fieldset key={index} className="config-group" data-testid="config-receiving-bank">
              <legend className="field__label">{bankTitle(bank, index)}</legend>
              <div className="config-row">
                <TextField label={t('admin.config.receiving.bankCode')} value={bank.bankCode} maxLength={10}
                  onChange={(v) => setBank(index, { ...bank, bankCode: code(v), bankType: bank.bankType === bank.bankCode ? code(v) : bank.bankType })} />
                <TextField label={t('admin.config.receiving.bankType')} hint={t('admin.config.receiving.bankTypeHint')} value={bank.bankType} maxLength={10}
                  onChange={(v) => setBank(index, { ...bank, bankType: code(v) })} />
                <SelectField label={t('admin.config.receiving.mode')} value={bank.mode} options={RECEIVING_BANK_MODES}
                  optionLabel={(m) => t(`admin.config.receiving.bankMode.${m}`)} onChange={(mode) => setBank(index, { ...bank, mode })} />
                {country === 'LA' && (
                  <SelectField label={t('admin.config.receiving.currency')} value={bank.currency ?? ANY} options={[ANY, ...LAOS_CURRENCIES] as const}
                    optionLabel={(c) => (c === ANY ? t('admin.config.receiving.anyCurrency') : t(`admin.config.currency.${c}`))}
                    onChange={(c) => setBank(index, { ...bank, currency: c === ANY ? null : c })} />
                )}
              </div>
              <div className="config-row">
                <TextField label={t('admin.config.receiving.bankAccountName')} value={bank.bankAccountName} maxLength={100}
                  onChange={(bankAccountName) => setBank(index, { ...bank, bankAccountName })} />
                <TextField label={t('admin.config.receiving.bankAccountNo')} hint={t('admin.config.receiving.bankAccountNoHint')} value={bank.bankAccountNo} maxLength={20}
                  onChange={(v) => setBank(index, { ...bank, bankAccountNo: digits(v) })} />
              </div>
              <ReceivingQrFields country={country} bank={bank} onChange={(b) => setBank(index, b)} />
              <button type="button" className="btn btn--ghost config-add" onClick={() => set({ ...draft, banks: draft.banks.filter((_, i) => i !== index) })}>
                {t('admin.config.remove')}
              </button>
            </fieldset>
          ))}
          <button type="button" className="btn btn--ghost config-add" data-testid="config-receiving-add-bank"
            onClick={() => set({ ...draft, banks: [...draft.banks, { ...NEW_BANK }] })}>
            {t('admin.config.receiving.addBank')}
          </button>

          <h3>{t('admin.config.receiving.wallets')}</h3>
          {draft.wallets.length === 0 && <p className="admin-note">{t('admin.config.receiving.noWallets')}</p>}
          {draft.wallets.map((wallet, index) => (
            <fieldset key={index} className="config-group" data-testid="config-receiving-wallet">
              <legend className="field__label">{t('admin.config.receiving.walletNumber', { n: index + 1 })}</legend>
              <div className="config-row">
                <SelectField label={t('admin.config.receiving.mode')} value={wallet.mode} options={RECEIVING_WALLET_MODES}
                  optionLabel={(m) => t(`admin.config.receiving.walletMode.${m}`)} onChange={(mode) => setWallet(index, { ...wallet, mode })} />
                <TextField label={t('admin.config.receiving.walletAccountName')} value={wallet.walletAccountName} maxLength={100}
                  onChange={(walletAccountName) => setWallet(index, { ...wallet, walletAccountName })} />
                <TextField label={t('admin.config.receiving.walletAccountNo')} value={wallet.walletAccountNo} maxLength={15}
                  onChange={(v) => setWallet(index, { ...wallet, walletAccountNo: digits(v) })} />
              </div>
              <button type="button" className="btn btn--ghost config-add" onClick={() => set({ ...draft, wallets: draft.wallets.filter((_, i) => i !== index) })}>
                {t('admin.config.remove')}
              </button>
            </fieldset>
          ))}
          <button type="button" className="btn btn--ghost config-add" onClick={() => set({ ...draft, wallets: [...draft.wallets, { ...NEW_WALLET }] })}>
            {t('admin.config.receiving.addWallet')}
          </button>

          <SaveBar canEdit={section.canEdit} movesMoney dirty={dirty} busy={section.busy} problems={problems}
            onReset={reset} onSave={() => void section.save(country, draft).then((c) => c && settle())} />
        </form>
      )}
      <PendingHere pending={section.pending} onDecided={section.reload} />
    </section>
  );
}
