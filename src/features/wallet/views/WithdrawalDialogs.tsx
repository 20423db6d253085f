import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../../domain/figures';
import type { WithdrawalRecord } from '../../../../domain/wallet';
import { withdrawalTotal } from '../../../../domain/walletValidation';
import { ConfirmActDialog, ConfirmDialog, type ConfirmTexts } from '../../../app/ui/ConfirmDialog';
import { useWalletRecords } from '../wallet.hooks';
import { withdrawalColumns } from './recordColumns';
import { RecordsCard } from './RecordsCard';
import { WalletForm } from '../../../kit/wallet/walletUi';

/**
 * Spec §6: the funds password, asked in a security check, and — with 2FA on — the authenticator's
 * code (or a recovery code). The typed text is presentation state until sent.
 */
export function FundsPasswordDialog(props: { busy?: boolean; refusal?: string; twoFactor?: boolean; onSubmit: (password: string, totpCode?: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const codeId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  return (
    <ConfirmDialog title={t('wallet.withdraw.securityCheck')} cancelLabel={t('common.cancel')} confirmLabel={t('common.confirm')} busy={props.busy} onConfirm={() => props.onSubmit(password, code)} onCancel={props.onCancel}>
      <WalletForm>
        <form
          className="field"
          onSubmit={(e) => {
            e.preventDefault();
            if (!props.busy) props.onSubmit(password, code);
          }}
        >
          <label htmlFor={id}>{t('wallet.withdraw.fundsPassword')}</label>
          <input id={id} type="password" autoComplete="off" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
          {/* What the app knows of 2FA (the quota says): asked as needed, or not at all; unknown, "if 2FA is on" (issue 50 C8). */}
          {props.twoFactor !== false && (
            <>
              <label htmlFor={codeId}>{t(props.twoFactor ? 'twoFactor.codeOrRecovery' : 'twoFactor.withdrawCode')}</label>
              <input id={codeId} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={11} value={code} onChange={(e) => setCode(e.target.value)} />
            </>
          )}
          {props.refusal && (
            <p role="alert" className="refusal">
              {props.refusal}
            </p>
          )}
          <button type="submit" hidden />
        </form>
      </WalletForm>
    </ConfirmDialog>
  );
}

export function ConfirmWithdrawalDialog(props: {
  currency: string;
  network: string;
  address: string;
  quantity: string;
  fee: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    [t('col.network'), props.network],
    [t('col.address'), props.address],
    [t('wallet.withdraw.receive'), `${money(props.quantity, props.currency)} ${props.currency}`],
    [t('col.fee'), `${money(props.fee, props.currency)} ${props.currency}`],
    [t('wallet.withdraw.totalDeducted'), `${money(withdrawalTotal(props.quantity, props.fee), props.currency)} ${props.currency}`],
  ];
  return (
    <ConfirmDialog title={t('wallet.withdraw.confirmTitle')} cancelLabel={t('common.cancel')} confirmLabel={t('wallet.withdraw.confirm')} busy={props.busy} onConfirm={props.onConfirm} onCancel={props.onCancel}>
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 14px', margin: 0 }}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt style={{ opacity: 0.7 }}>{label}</dt>
            <dd style={{ margin: 0, wordBreak: 'break-all', fontFamily: 'monospace' }}>{value}</dd>
          </div>
        ))}
      </dl>
    </ConfirmDialog>
  );
}

const CANCEL_WITHDRAWAL: ConfirmTexts = { titleKey: 'wallet.withdraw.cancelTitle', questionKey: 'wallet.withdraw.cancelQuestion', confirmKey: 'wallet.withdraw.cancelConfirm', keepKey: 'wallet.withdraw.keepWithdrawal' };

/**
 * The user's withdrawals with their cancel (spec §8: asked first, by the list's `actOnRow` child, the
 * shared confirm-then-act): the withdrawal page's list and the records page's withdrawals tab.
 */
export function WithdrawalRecords(props: { title: string; heading?: 'h1' | 'h2'; tabs?: ReactNode }) {
  const { t } = useTranslation();
  const records = useWalletRecords<WithdrawalRecord>('withdrawals', { days: 7, actionDoneKey: 'wallet.withdraw.cancelled' });
  return (
    <>
      <RecordsCard<WithdrawalRecord> heading={props.heading} title={props.title} tabs={props.tabs} records={records} columns={withdrawalColumns(t, records.act)} pinLast />
      <ConfirmActDialog actor={records.question} texts={() => CANCEL_WITHDRAWAL} />
    </>
  );
}
