import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import type { useMarginDialog } from '../futures.hooks';
import { Choices, Facts, FormProblem, NumberField } from './formParts';
import { MARGIN_AMOUNT_PLACES } from '../../../../domain/futures/api';
import { money, price } from '../../../../domain/figures';
import { amountInput } from '../../../../domain/walletAmounts';

/**
 * Adding margin to or removing it from an isolated position: the amount (with Max), what may move,
 * and the liquidation price now and after the change, read before Confirm sends it.
 */
export function MarginDialog(props: { dialog: ReturnType<typeof useMarginDialog>; pricePrecision: number }) {
  const { t } = useTranslation();
  const d = props.dialog;
  const p = d.position;
  if (!p) return null;
  const places = props.pricePrecision;
  return (
    <ConfirmDialog
      title={`${t('futures.margin.title')} · ${p.symbol.replace('_', '/')} ${t(p.side === 1 ? 'futures.long' : 'futures.short')} ${p.leverage}×`}
      confirmLabel={t('common.confirm')}
      busy={d.state === 'saving'}
      onConfirm={d.save}
      onCancel={d.close}
    >
      <Choices role="group" aria-label={t('futures.margin.title')}>
        <button type="button" aria-pressed={d.type === 'add'} onClick={() => d.setType('add')}>
          {t('futures.margin.add')}
        </button>
        <button type="button" aria-pressed={d.type === 'remove'} onClick={() => d.setType('remove')}>
          {t('futures.margin.remove')}
        </button>
      </Choices>
      <NumberField name="marginAmount" label={t('futures.margin.amount')} unit="USDT" value={d.amount} onChange={d.setAmount} />
      <Choices>
        <button type="button" disabled={d.limit === '0'} onClick={() => d.setAmount(amountInput(d.limit, MARGIN_AMOUNT_PLACES))}>
          {t('futures.margin.max')}
        </button>
      </Choices>
      {d.refusal ? (
        <FormProblem role="alert">{'key' in d.refusal ? t(d.refusal.key) : d.refusal.text}</FormProblem>
      ) : (
        d.typedProblem && (
          <FormProblem role="alert" data-testid="margin-problem">
            {t(d.typedProblem)}
          </FormProblem>
        )
      )}
      <Facts
        rows={[
          [t('futures.margin.current'), `${money(p.margin, 'USDT')} USDT`],
          [t(d.type === 'add' ? 'futures.margin.maxAdd' : 'futures.margin.maxRemove'), `${money(d.limit, 'USDT')} USDT`, 'margin-limit'],
          [t('futures.margin.liqNow'), p.liquidation_price === '0' ? '—' : price(p.liquidation_price, places)],
          [t('futures.margin.liqAfter'), d.liquidation === undefined || d.liquidation === '0' ? '—' : price(d.liquidation, places), 'margin-liq-after'],
        ]}
      />
      {d.beyondMark && (
        <FormProblem role="status" data-testid="margin-beyond-mark">
          {t('futures.margin.liqBeyondMark')}
        </FormProblem>
      )}
    </ConfirmDialog>
  );
}
