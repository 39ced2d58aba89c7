import { useTranslation } from 'react-i18next';
import type { ReceivingBank } from '../../../../contract';
import { SelectField, TextField } from '../fields';

type PromptPay = NonNullable<ReceivingBank['promptPay']>;
type LaoQr = NonNullable<ReceivingBank['laoQr']>;

const PROMPTPAY_KINDS = ['none', 'billerId', 'MSISDN', 'NATID', 'EWALLETID'] as const;
type PromptPayKind = (typeof PROMPTPAY_KINDS)[number];
const kindOf = (p: PromptPay | undefined): PromptPayKind => (!p ? 'none' : 'billerId' in p ? 'billerId' : p.proxy);
const digits = (text: string) => text.replace(/\D/g, '');
const EMPTY_LAO_QR: LaoQr = { bankId: '', merchantId: '', category: '', name: '', city: '' };

/**
 * The QR a receiving account's deposits are made with: in Thailand its PromptPay target (a
 * biller id, or a phone, national id or e-wallet id), in Laos the LAO QR merchant its bank
 * issued. Both are checked by the contract (and the LAO QR merchant again by the server).
 */
export function ReceivingQrFields({ country, bank, onChange }: { country: 'TH' | 'LA'; bank: ReceivingBank; onChange: (bank: ReceivingBank) => void }) {
  const { t } = useTranslation();
  const without = <K extends 'promptPay' | 'laoQr'>(key: K) => {
    const { [key]: _gone, ...rest } = bank;
    return rest as ReceivingBank;
  };
  if (country === 'TH') {
    const kind = kindOf(bank.promptPay);
    const id = !bank.promptPay ? '' : 'billerId' in bank.promptPay ? bank.promptPay.billerId : bank.promptPay.id;
    const make = (k: PromptPayKind, value: string): ReceivingBank =>
      k === 'none' ? without('promptPay') : { ...bank, promptPay: k === 'billerId' ? { billerId: value } : { proxy: k, id: value } };
    return (
      <div className="config-row" data-testid="config-receiving-promptpay">
        <SelectField label={t('admin.config.receiving.promptPayKind')} value={kind} options={PROMPTPAY_KINDS}
          optionLabel={(k) => t(`admin.config.receiving.promptPayKinds.${k}`)} onChange={(k) => onChange(make(k, id))} />
        {kind !== 'none' && (
          <TextField label={t('admin.config.receiving.promptPayId')} value={id} maxLength={15} hint={t('admin.config.receiving.promptPayIdHint')}
            onChange={(v) => onChange(make(kind, digits(v)))} />
        )}
      </div>
    );
  }
  const qr = bank.laoQr;
  const set = (patch: Partial<LaoQr>) => onChange({ ...bank, laoQr: { ...(qr ?? EMPTY_LAO_QR), ...patch } });
  return (
    <fieldset className="config-group" data-testid="config-receiving-laoqr">
      <legend className="field__label">{t('admin.config.receiving.laoQrTitle')}</legend>
      {!qr ? (
        <button type="button" className="btn btn--ghost config-add" onClick={() => set({})}>{t('admin.config.receiving.laoQrAdd')}</button>
      ) : (
        <>
          <div className="config-row">
            <TextField label={t('admin.config.receiving.laoQrBankId')} hint={t('admin.config.receiving.laoQrBankIdHint')} value={qr.bankId} maxLength={8} onChange={(v) => set({ bankId: digits(v) })} />
            <TextField label={t('admin.config.receiving.laoQrMerchantId')} value={qr.merchantId} maxLength={32} onChange={(merchantId) => set({ merchantId: merchantId.trim() })} />
            <TextField label={t('admin.config.receiving.laoQrCategory')} value={qr.category} maxLength={4} onChange={(v) => set({ category: digits(v) })} />
            <TextField label={t('admin.config.receiving.laoQrName')} value={qr.name} maxLength={25} onChange={(name) => set({ name })} />
            <TextField label={t('admin.config.receiving.laoQrCity')} value={qr.city} maxLength={15} onChange={(city) => set({ city })} />
          </div>
          <button type="button" className="btn btn--ghost config-add" onClick={() => onChange(without('laoQr'))}>{t('admin.config.remove')}</button>
        </>
      )}
    </fieldset>
  );
}
