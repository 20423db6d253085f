import { useTranslation } from 'react-i18next';
import { CORRECTION_STATES, type CorrectionState, type CorrectionView } from '../../../../../domain/corrections';
import { money, signedMoney, tone } from '../../../../../domain/figures';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { DataTable } from '../../../../app/ui/DataTable';
import { Muted } from '../../../../app/ui/Panel';
import { Segmented } from '../../../../app/ui/Segmented';
import { useOperatorCorrections } from '../../wallet.hooks';
import { CardPager } from '../../../../kit/wallet/walletUi';
import { ApproveDialog, DIRECTION_KEYS, ProposeDialog, RejectDialog } from './CorrectionsForms';
import { accountLabelKey, useWalletAccounts } from '../../../../app/walletAccountList';
import { deskColumns, DeskTable, DeskTitleBar, ReloadButton, type DeskListTexts } from '../../../../app/ui/DeskDialog';

const TEXTS: DeskListTexts = { title: 'corrections.title', empty: 'corrections.empty', failed: 'corrections.failed' };

const FILTERS: Array<CorrectionState | undefined> = [...CORRECTION_STATES, undefined];

const STATE_KEYS: Record<CorrectionState, string> = {
  proposed: 'corrections.state.proposed',
  executed: 'corrections.state.executed',
  rejected: 'corrections.state.rejected',
  withdrawn: 'corrections.state.withdrawn',
  expired: 'corrections.state.expired',
};
const STATE_TONE: Record<CorrectionState, 'up' | 'down' | 'warn' | 'dim'> = { proposed: 'warn', executed: 'up', rejected: 'down', withdrawn: 'dim', expired: 'dim' };

/**
 * /operator, "Balance corrections" (finance; issue 51 §4): proposals and decisions under a state
 * filter (proposals first), the "operator corrections" account per currency, a new proposal, and a
 * proposal's approval (2FA code) or rejection (reason). Four eyes: the server refuses the
 * proposer's own approval; the dialog shows that refusal in place.
 */
export function CorrectionsDesk() {
  const { t } = useTranslation();
  const accounts = useWalletAccounts();
  const desk = useOperatorCorrections();
  return (
    <section aria-label={t(TEXTS.title)}>
      <DeskTitleBar title={t(TEXTS.title)}>
        {desk.mayPropose && (
          <Button type="button" $small onClick={desk.propose}>
            {t('corrections.propose')}
          </Button>
        )}
        <ReloadButton onReload={desk.reload} loading={desk.loading} />
      </DeskTitleBar>
      <Muted>{t('corrections.intro')}</Muted>
      <Segmented role="group" aria-label={t('col.status')} style={{ marginBottom: 10 }}>
        {FILTERS.map((s) => (
          <button key={s ?? 'all'} type="button" aria-pressed={desk.state === s} onClick={() => desk.setState(s)}>
            {s === undefined ? t('corrections.all') : t(STATE_KEYS[s])}
          </button>
        ))}
      </Segmented>
      <DeskTable<CorrectionView>
        texts={TEXTS}
        desk={desk}
        columns={[
          deskColumns.at('col.time', (r) => r.proposed_at),
          { key: 'operator.user', render: (r) => `${r.user_account} (#${r.user_id})` },
          { key: 'col.account', render: (r) => t(accountLabelKey(accounts, r.account) ?? r.account) },
          { key: 'corrections.directionLabel', render: (r) => t(DIRECTION_KEYS[r.direction]) },
          { key: 'col.quantity', align: 'right', render: (r) => <span className="num">{money(r.quantity, r.currency)} {r.currency}</span> },
          { key: 'corrections.reason', render: (r) => (r.reference ? `${r.reason} · ${r.reference}` : r.reason) },
          { key: 'corrections.proposer', render: (r) => r.proposed_by_account },
          { key: 'col.status', render: (r) => <Badge $tone={STATE_TONE[r.state]} title={r.decision_reason ?? undefined}>{t(STATE_KEYS[r.state])}{r.decided_by_account ? ` · ${r.decided_by_account}` : ''}</Badge> },
          {
            key: 'col.actions',
            align: 'right',
            // Four eyes: a proposal of one's own offers only its withdrawal (the server refuses its approval anyway).
            render: (r) =>
              r.state === 'proposed' && desk.mayDecide ? (
                <span style={{ display: 'inline-flex', gap: 6 }}>
                  {r.proposed_by !== desk.self && (
                    <Button type="button" $small disabled={desk.sending} onClick={() => desk.approve(r.id)}>
                      {t('corrections.approve')}
                    </Button>
                  )}
                  <Button type="button" $small $variant="ghost" disabled={desk.sending} onClick={() => desk.reject(r.id)}>
                    {r.proposed_by === desk.self ? t('corrections.withdraw') : t('corrections.reject')}
                  </Button>
                </span>
              ) : null,
          },
        ]}
      />
      {desk.total > 0 && <CardPager page={desk.page} size={desk.size} total={desk.total} onPage={desk.setPage} />}
      <h3>{t('corrections.accountTitle')}</h3>
      <Muted>{t('corrections.accountIntro')}</Muted>
      <DataTable
        label={t('corrections.accountTitle')}
        rows={desk.account}
        rowKey={(r) => r.currency}
        emptyKey="corrections.accountEmpty"
        columns={[
          { key: 'col.currency', render: (r) => <b>{r.currency}</b> },
          { key: 'corrections.balance', align: 'right', render: (r) => <span className="num">{money(r.balance, r.currency)}</span> },
          { key: 'corrections.funded', align: 'right', render: (r) => <span className="num">{money(r.funded, r.currency)}</span> },
          { key: 'corrections.netCredited', align: 'right', render: (r) => <span className={`num ${tone(r.net_credited)}`}>{signedMoney(r.net_credited, r.currency)}</span> },
        ]}
      />
      {desk.proposing && <ProposeDialog key={desk.proposed} sending={desk.sending} refusal={desk.refusal} onClose={desk.close} onSubmit={desk.submitProposal} />}
      {desk.approving && <ApproveDialog row={desk.target} sending={desk.sending} refusal={desk.refusal} onClose={desk.close} onSubmit={desk.submitApproval} />}
      {desk.rejecting && <RejectDialog row={desk.target} sending={desk.sending} refusal={desk.refusal} onClose={desk.close} onSubmit={desk.submitRejection} />}
    </section>
  );
}
