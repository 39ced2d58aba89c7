import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { HeldBonus } from '../../../machines/bonusMachine';
import type { QrProvider, ResponseOf } from '../../contract';
import { call, endpoints } from '../api';
import { endBelowRule } from '../bonus/bonusRules';
import { formatAmount } from '../format';
import { Dialog } from '../ui/Dialog';
import type { WalletHome } from '../wallet/balance';
import { useCurrencyLabel } from '../wallet/useCurrency';
import { useWallet } from '../wallet/walletContext';
import { DepositAccountCard } from './DepositAccountCard';
import { loadDepositChoices, type DepositChoices } from './depositChoices';
import { BankTransferIcon, GiftLinkIcon, QrIcon, SlipUploadIcon } from './depositIcons';
import { AUTO_MODE, depositMethods, isGateway, type DepositMethods } from './depositMethods';
import { DepositNoticeForm, DepositNoticeStates } from './DepositNotices';
import { MemberBankAccount } from './MemberBankAccount';
import { MethodTabs, type MethodTab } from './MethodTabs';
import { QrPanel } from './QrPanel';
import { SlipUploadPanel, type SlipRules } from './SlipUploadPanel';
import { slipDuration } from './slipStatus';
import { TrueWalletPanel } from './TrueWalletPanel';
import { useRecommendedBanks } from './recommendedBanks';
import type { DepositActions } from './useDepositActions';
import './deposit.css';

type Method = 'bank' | 'qr' | 'truewallet' | 'slip';

interface DepositModalProps {
  open: boolean;
  onClose: () => void;
  actions: DepositActions;
}

/**
 * The deposit modal of SPEC section 2: the accounts to transfer to (SCB, KBANK, GSB, BCEL, a
 * manual listing), QR codes (KBANK outside AUTO mode, WW, FP, PAYONEX), True Wallet, and the slip
 * upload, from GET /api/lookup/deposit and /api/lookup/slip, read each time it opens. The
 * bank tab's transfer-done button asks for the amount sent, tells us of it (a deposit notice,
 * which credits nothing), thanks the member and closes it; the tab shows where the member's
 * notices stand.
 */
export function DepositModal({ open, onClose, actions }: DepositModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('deposit.title')}>
      <DepositContent actions={actions} onClose={onClose} />
    </Dialog>
  );
}

type MoneyLookup = ResponseOf<typeof endpoints.lookupMoney>;
type Loaded = DepositChoices<MoneyLookup>;

const depositCalls = {
  held: async () => (await call(endpoints.bonusCurrent)).bonus as HeldBonus | null,
  deposit: () => call(endpoints.lookupDeposit),
  slip: () => call(endpoints.lookupSlip),
  money: () => call(endpoints.lookupMoney),
};

/** Mounted while the modal is open: loads the lookups, then the method tabs. */
function DepositContent({ actions, onClose }: { actions: DepositActions; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    // A held bonus first: no deposit is taken while it is held. The money rules give the QR
    // presets and bounds in the member's currency; without them the form offers SPEC's baht
    // figures and the server still checks the amount.
    loadDepositChoices(depositCalls).then(
      (choices) => live && setLoaded(choices),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
    // Bank names come in the member's language: a new language reloads them.
  }, [attempt, i18n.language]);

  if (failed) {
    return (
      <div className="deposit-failed" role="alert">
        <p>{t('deposit.loadFailed')}</p>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!loaded) {
    return (
      <p className="deposit-loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  }
  if (loaded.kind === 'bonusHeld') return <DepositsPaused held={loaded.held} onClose={onClose} />;
  return <DepositMethodsView methods={depositMethods(loaded.deposit)} slipRules={loaded.slip} money={loaded.money} actions={actions} onClose={onClose} />;
}

/**
 * In place of the ways to deposit while a bonus is held: every deposit is refused until it ends
 * (a transfer now would not reach the wallet), why, and how it ends, with the way to the bonus.
 */
function DepositsPaused({ held, onClose }: { held: HeldBonus; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currency = useCurrencyLabel();
  const money = (amount: number) => `${formatAmount(amount)} ${currency}`;
  return (
    <div className="deposit-paused" role="alert" data-testid="deposit-bonus-held">
      <p className="deposit-paused__title">{t('deposit.bonusHeld.title')}</p>
      <p>{t('deposit.bonusHeld.why', { code: held.code, amount: money(held.amount) })}</p>
      <ul className="deposit-notes">
        <li>{t('deposit.bonusHeld.endsByTurnover', { done: money(held.turnover.done), required: money(held.turnover.required) })}</li>
        <li>{endBelowRule(t, { percent: held.percentFail, minimum: money(held.minimum) })}</li>
      </ul>
      <button
        type="button"
        className="btn btn--gold btn--block"
        onClick={() => {
          onClose();
          void navigate('/user/bonus');
        }}
        data-testid="deposit-to-bonus"
      >
        {t('deposit.bonusHeld.toBonus')}
      </button>
    </div>
  );
}

function DepositMethodsView({
  methods,
  slipRules,
  money,
  actions,
  onClose,
}: {
  methods: DepositMethods;
  slipRules: SlipRules | null;
  money: MoneyLookup | null;
  actions: DepositActions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [telling, setTelling] = useState(false);
  const idPrefix = useId();
  const currency = useCurrencyLabel();
  const { home, changes, reload } = useWallet();
  const hasAccounts = methods.accounts.length > 0;
  const fastest = useRecommendedBanks();

  const tabs: MethodTab<Method>[] = [
    ...(hasAccounts || methods.isManual ? [{ key: 'bank' as const, label: t('deposit.method.bank'), icon: BankTransferIcon }] : []),
    ...(methods.qr.length > 0 ? [{ key: 'qr' as const, label: t('deposit.method.qr'), icon: QrIcon }] : []),
    ...(methods.wallets.length > 0 ? [{ key: 'truewallet' as const, label: t('deposit.method.truewallet'), icon: GiftLinkIcon }] : []),
    ...(hasAccounts ? [{ key: 'slip' as const, label: t('deposit.method.slip'), icon: SlipUploadIcon }] : []),
  ];
  const [chosen, setChosen] = useState<Method | null>(null);
  const selected = chosen && tabs.some((tab) => tab.key === chosen) ? chosen : tabs[0]?.key;
  const [provider, setProvider] = useState<QrProvider | null>(null);
  const qrProvider = methods.qr.find((q) => q.provider === provider) ?? methods.qr[0];
  const providerLabel = (q: DepositMethods['qr'][number]) => (isGateway(q.provider) ? q.account.bank.name : t('qr.bankQr', { bank: q.account.bank.name }));

  if (!selected) {
    return <p className="deposit-note deposit-note--warn">{t('deposit.noMethods')}</p>;
  }

  return (
    <div className="deposit">
      <p className="deposit-highlight">{t('deposit.creditedFast')}</p>
      <MethodTabs tabs={tabs} selected={selected} onSelect={setChosen} label={t('deposit.methods')} idPrefix={idPrefix}>
        {selected === 'bank' && (
          <>
            <DepositNoticeStates changes={changes} currency={currency} />
            {methods.isManual && (
              <div className="deposit-note deposit-note--gold" data-testid="deposit-manual">
                <strong>{t('deposit.manualTitle')}</strong> {t('deposit.manualNote')}
              </div>
            )}
            <ul className="deposit-notes">
              {fastest && <li data-testid="deposit-fastest-banks">{t('deposit.fastestBanks', { first: fastest[0], second: fastest[1] })}</li>}
              <li>{t('deposit.fromOwnAccount')}</li>
              {slipRules && <li>{t('deposit.slipHint', { duration: slipDuration(t, slipRules.uploadWithinMinutes) })}</li>}
            </ul>
            <ul className="deposit-accounts" aria-label={t('deposit.accounts')}>
              {methods.accounts.map((account) => (
                <DepositAccountCard key={`${account.bankCode}-${account.bankAccountNo}-${account.mode}`} account={account}>
                  {account.bankType === 'KBANK' && account.mode === AUTO_MODE && home && <KbankAuto home={home} onNameChanged={reload} />}
                </DepositAccountCard>
              ))}
            </ul>
            {hasAccounts && (
              <button type="button" className="btn btn--ghost btn--block" onClick={() => setChosen('slip')}>
                <SlipUploadIcon size={20} />
                {t('deposit.toSlip')}
              </button>
            )}
            {/* Kept in view at the bottom while the accounts scroll. */}
            <div className={telling ? 'deposit-done deposit-done--telling' : 'deposit-done'}>
              {telling ? (
                <DepositNoticeForm
                  bankAccount={home?.bankAccount ?? null}
                  currency={currency}
                  step={money?.step}
                  onSent={onClose}
                  onCancel={() => setTelling(false)}
                />
              ) : (
                <button type="button" className="btn btn--gold btn--block" onClick={() => setTelling(true)} data-testid="deposit-done">
                  {t('deposit.done')}
                </button>
              )}
            </div>
          </>
        )}

        {selected === 'qr' && qrProvider && (
          <>
            {methods.qr.length > 1 && (
              <fieldset className="qr-providers">
                <legend className="field__label">{t('qr.provider')}</legend>
                <div className="qr-providers__row">
                  {methods.qr.map((q) => (
                    <label key={q.provider} className={`qr-provider${q.provider === qrProvider.provider ? ' is-selected' : ''}`}>
                      <input
                        type="radio"
                        name={`${idPrefix}-provider`}
                        value={q.provider}
                        checked={q.provider === qrProvider.provider}
                        onChange={() => setProvider(q.provider)}
                        data-testid={`qr-provider-${q.provider}`}
                      />
                      <span>{providerLabel(q)}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            <QrPanel
              key={qrProvider.provider}
              provider={qrProvider.provider}
              label={providerLabel(qrProvider)}
              currency={currency}
              changes={changes}
              amounts={money?.qr[qrProvider.provider]}
              step={money?.step}
            />
          </>
        )}

        {selected === 'truewallet' && <TrueWalletPanel wallets={methods.wallets} trueWallet={actions.trueWallet} currency={currency} phone={home?.profile.username} />}

        {selected === 'slip' && <SlipUploadPanel actions={actions} rules={slipRules} currency={currency} />}
      </MethodTabs>
    </div>
  );
}

function KbankAuto({ home, onNameChanged }: { home: WalletHome; onNameChanged: () => Promise<void> }) {
  return <MemberBankAccount bankAccount={home.bankAccount} onNameChanged={() => void onNameChanged()} />;
}
