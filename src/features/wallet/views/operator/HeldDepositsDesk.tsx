import { useTranslation } from 'react-i18next';
import { money } from '../../../../../domain/figures';
import { DEPOSIT_HELD_REASON_KEYS } from '../../../../../domain/walletAmounts';
import type { HeldDeposit } from '../../../../../domain/wallet';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { DeskCodeAndRefusal, deskColumns, DeskFieldsDialog, DeskTable, DeskTextField, DeskTitleBar, ReloadButton, type DeskListTexts } from '../../../../app/ui/DeskDialog';
import { Muted } from '../../../../app/ui/Panel';
import { ShortHash } from '../../../../app/ui/ShortHash';
import { CardPager } from '../../../../kit/wallet/walletUi';
import { StepUpNote } from '../../../../kit/operatorStepUp/StepUpNote';
import { useOperatorHeldDeposits } from '../../wallet.hooks';

/** The reason in a word or two, so the row's actions fit at 1440 px; the whole sentence is its title. */
const SHORT_REASON_KEYS: Record<HeldDeposit['held_reason'], string> = {
  below_minimum: 'wallet.held.reasonShort.below_minimum',
  delisted: 'wallet.held.reasonShort.delisted',
};

const TEXTS: DeskListTexts = { title: 'wallet.held.title', empty: 'wallet.held.empty', failed: 'wallet.held.failed' };

/** What the dialogs say of the deposit: its quantity, currency, network and user. */
const summary = (row: HeldDeposit) => ({ quantity: money(row.quantity, row.currency), currency: row.currency, network: row.network, account: row.account });

/**
 * /operator, "Held deposits" (finance; docs/OPERATOR.md "Held deposits"): deposits that reached the
 * chain but were not credited (below the network's minimum, or of a currency being delisted), newest
 * first. A below-minimum one can be credited (as a confirmed deposit is, less the network's deposit
 * fee); any can be returned on the chain to an address the operator types. Both ask the operator's
 * 2FA code — none within the session's step-up window, said under the field — and the dialog shows
 * the server's refusal in place.
 */
export function HeldDepositsDesk() {
  const { t } = useTranslation();
  const desk = useOperatorHeldDeposits();
  const title = t(desk.crediting ? 'wallet.held.creditTitle' : 'wallet.held.returnTitle');
  return (
    <section aria-label={t(TEXTS.title)}>
      <DeskTitleBar title={t(TEXTS.title)}>
        <ReloadButton onReload={desk.reload} loading={desk.loading} />
      </DeskTitleBar>
      <Muted>{t('wallet.held.intro')}</Muted>
      <DeskTable<HeldDeposit>
        texts={TEXTS}
        desk={desk}
        columns={[
          ...deskColumns.whenAndWho<HeldDeposit>('col.time', (r) => r.created_at),
          // Currency and network in one cell, so the row's actions fit beside the reason at 1440 px.
          {
            key: 'col.currency',
            render: (r) => (
              <>
                <b>{r.currency}</b> <Muted as="span">{r.network}</Muted>
              </>
            ),
          },
          { key: 'col.quantity', align: 'right', render: (r) => money(r.quantity, r.currency) },
          { key: 'wallet.held.txHash', render: (r) => <ShortHash hash={r.tx_hash} /> },
          { key: 'wallet.held.reason', render: (r) => <Badge $tone={r.held_reason === 'delisted' ? 'down' : 'warn'} title={t(DEPOSIT_HELD_REASON_KEYS[r.held_reason])}>{t(SHORT_REASON_KEYS[r.held_reason])}</Badge> },
          {
            key: 'col.actions',
            align: 'right',
            render: (r) => (
              <span style={{ display: 'inline-flex', gap: 6 }}>
                {r.held_reason === 'below_minimum' && (
                  <Button type="button" $small disabled={desk.sending} onClick={() => desk.credit(r.id, r.held_reason)}>
                    {t('wallet.held.credit')}
                  </Button>
                )}
                <Button type="button" $small $variant="ghost" disabled={desk.sending} onClick={() => desk.giveBack(r.id)}>
                  {t('wallet.held.return')}
                </Button>
              </span>
            ),
          },
        ]}
      />
      {desk.total > 0 && <CardPager page={desk.page} size={desk.size} total={desk.total} onPage={desk.setPage} />}
      {(desk.crediting || desk.returning) && (
        <DeskFieldsDialog sending={desk.sending} refusal={desk.refusal} onClose={desk.close} title={title} submitKey={desk.crediting ? 'wallet.held.credit' : 'wallet.held.return'} danger={desk.returning} onSubmit={desk.submit}>
          {desk.target && <Muted style={{ margin: 0 }}>{t('wallet.held.rowSummary', summary(desk.target))}</Muted>}
          <Muted style={{ margin: 0 }}>{t(desk.crediting ? 'wallet.held.creditIntro' : 'wallet.held.returnIntro')}</Muted>
          {desk.returning && <DeskTextField label={t('wallet.held.address')} value={desk.address} onChange={(v) => desk.edit('address', v)} />}
          <DeskCodeAndRefusal labelKey="wallet.held.code" refusal={desk.refusal} kept={{ value: desk.code, onChange: (v) => desk.edit('code', v) }} />
          <StepUpNote until={desk.stepUpUntil} />
        </DeskFieldsDialog>
      )}
    </section>
  );
}
