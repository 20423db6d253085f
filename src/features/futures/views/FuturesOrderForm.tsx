import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../domain/api';
import { Button } from '../../../app/ui/Button';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { Muted, Panel, PanelBody } from '../../../app/ui/Panel';
import { maxOpen } from '../machines/futuresDesk/figures';
import { useLeverageDialog, type useFuturesOrderForm } from '../futures.hooks';
import type { Desk } from './ContractPanels';
import { Choices, Facts, NumberField } from './formParts';
import { LeverageDialog } from './LeverageDialog';
import { cut, qty } from './futuresUi';

const PERCENTS = [25, 50, 75, 100] as const;

const Setting = styled.button`
  all: unset;
  cursor: pointer;
  flex: 1;
  text-align: center;
  padding: 5px 0;
  font-size: 12px;
  font-weight: 600;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.color.panelRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; }
`;

const Sides = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 6px;
  button { color: #fff; }
  .long { background: ${({ theme }) => theme.color.up}; }
  .short { background: ${({ theme }) => theme.color.down}; }
`;

/**
 * The futures order form: margin mode and leverage (the leverage dialog), limit or market, a
 * quantity typed or as a share of the maximum open quantity (fee included, §9), optional TP/SL,
 * then Open long or Open short, each confirmed before it is sent.
 */
export function FuturesOrderForm(props: { className?: string; pair: Pair; form: ReturnType<typeof useFuturesOrderForm>; desk: Desk; lastPrice: string | undefined }) {
  const { t } = useTranslation();
  const { form, desk, pair } = props;
  const f = form.fields;
  const config = desk.data?.config;
  const account = desk.data?.account;
  const leverage = config?.leverage ?? 20;
  const mode = config?.margin_mode ?? 'cross';
  const market = f.orderType === 'market';
  const price = market ? props.lastPrice : f.price || props.lastPrice;
  const max = config ? maxOpen({ available: account?.available, price, leverage, takerFee: config.fees.taker, amountPrecision: pair.amount_precision }) : '0';
  const [tpsl, setTpsl] = useState(false);
  const lev = useLeverageDialog(`${pair.left_symbol}_${pair.right_symbol}`, desk.ref);
  const base = pair.left_symbol;
  const quote = pair.right_symbol;
  return (
    <Panel className={props.className} aria-label={t('trade.openPosition')}>
      <PanelBody>
        <h2 style={{ margin: '0 0 8px', fontSize: 14 }}>{t('trade.openPosition')}</h2>
        <div style={{ display: 'flex', gap: 6, marginBottom: 8 }}>
          <Setting type="button" data-testid="futures-leverage" disabled={!config} onClick={() => config && lev.show(leverage, mode, config.max_leverage)}>
            {t(mode === 'cross' ? 'futures.cross' : 'futures.isolated')} · {leverage}×
          </Setting>
        </div>
        {lev.open && <LeverageDialog dialog={lev} />}
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
          }}
        >
          <Choices role="group" aria-label={t('col.type')}>
            <button type="button" aria-pressed={!market} onClick={() => form.setType('limit')}>
              {t('futures.limit')}
            </button>
            <button type="button" aria-pressed={market} onClick={() => form.setType('market')}>
              {t('futures.market')}
            </button>
          </Choices>
          {market ? (
            <NumberField name="price" label={t('col.price')} unit={quote} value="" placeholder={t('futures.form.marketPrice')} disabled />
          ) : (
            <NumberField name="price" label={t('col.price')} unit={quote} value={f.price} onChange={form.setPrice} />
          )}
          <NumberField name="quantity" label={t('col.quantity')} unit={base} value={f.quantity} onChange={form.setQuantity} />
          <Choices role="group" aria-label={t('futures.form.share')}>
            {PERCENTS.map((p) => (
              <button key={p} type="button" disabled={max === '0'} onClick={() => form.setPercent(p, max)}>
                {p}%
              </button>
            ))}
          </Choices>
          <Facts
            rows={[
              [t('col.available'), `${account ? cut(account.available, 2) : '—'} ${quote}`, 'futures-available'],
              [t('futures.form.maxOpen'), `${qty(max)} ${base}`, 'futures-max-open'],
            ]}
          />
          <label style={{ display: 'flex', gap: 6, alignItems: 'center', fontSize: 12, marginBottom: 8 }}>
            <input type="checkbox" checked={tpsl} onChange={(e) => setTpsl(e.target.checked)} />
            {t('futures.tpsl.title')}
          </label>
          {tpsl && (
            <>
              <NumberField name="takeProfit" label={t('futures.tpsl.tpMark')} unit={quote} value={f.takeProfit} onChange={form.setTakeProfit} />
              <NumberField name="stopLoss" label={t('futures.tpsl.slMark')} unit={quote} value={f.stopLoss} onChange={form.setStopLoss} />
            </>
          )}
          <Sides>
            <Button type="button" className="long" disabled={form.submitting} onClick={() => form.submit('open_long')}>
              {t('futures.action.open_long')}
            </Button>
            <Button type="button" className="short" disabled={form.submitting} onClick={() => form.submit('open_short')}>
              {t('futures.action.open_short')}
            </Button>
          </Sides>
          {account && !account.can_trade && <Muted style={{ marginTop: 8 }}>{t('futures.form.noPermission')}</Muted>}
        </form>
      </PanelBody>
      {(form.confirming || form.submitting) && f.action && (
        <ConfirmDialog
          title={t('futures.form.confirmTitle')}
          cancelLabel={t('common.cancel')}
          confirmLabel={t(`futures.action.${f.action}`)}
          busy={form.submitting}
          onConfirm={form.confirm}
          onCancel={form.cancel}
        >
          <Facts
            rows={[
              [t('col.pair'), `${base}/${quote}`],
              [t('col.direction'), <span className={f.action === 'open_long' ? 'up' : 'down'}>{t(`futures.action.${f.action}`)}</span>],
              [t('col.type'), t(market ? 'futures.market' : 'futures.limit')],
              [t('col.price'), market ? t('futures.form.marketPrice') : `${f.price} ${quote}`],
              [t('col.quantity'), `${f.quantity} ${base}`],
              [t('col.leverage'), `${t(mode === 'cross' ? 'futures.cross' : 'futures.isolated')} · ${leverage}×`],
              ...(f.takeProfit ? [[t('futures.takeProfit'), `${f.takeProfit} ${quote}`] as [string, string]] : []),
              ...(f.stopLoss ? [[t('futures.stopLoss'), `${f.stopLoss} ${quote}`] as [string, string]] : []),
            ]}
          />
        </ConfirmDialog>
      )}
    </Panel>
  );
}
