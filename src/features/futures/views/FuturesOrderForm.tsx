import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import { Button } from '../../../app/ui/Button';
import { TextLink } from '../../../app/ui/TextLink';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { Muted, Panel, PanelBody } from '../../../app/ui/Panel';
import { maxOpen } from '../machines/futuresDesk/figures';
import { orderPreview } from '../../../../domain/futures/preview';
import type { FuturesAction } from '../../../../domain/futures/api';
import { useLeverageDialog, type Desk, type useFuturesOrderForm } from '../futures.hooks';
import { Choices, Facts, FormProblem, NumberField } from './formParts';
import { formButtons, isPlanFieldProblem, noButtonReason, type PlanField } from '../machines/futuresOrderForm/orderFormFields';
import type { ErrorMessage } from '../../../../domain/orderValidation';
import { LeverageDialog } from './LeverageDialog';
import { cost, fee, money, percentOf, price as priceFigure, quantity } from '../../../../domain/figures';

const PERCENTS = [25, 50, 75, 100] as const;

const Setting = styled.button`
  all: unset;
  cursor: pointer;
  flex: 1;
  text-align: center;
  min-height: 32px;
  box-sizing: border-box;
  padding: 7px 0;
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
  &[data-count='1'] { grid-template-columns: 1fr; }
  gap: 6px;
  button { color: ${({ theme }) => theme.color.fillText}; }
  .long { background: ${({ theme }) => theme.color.upFill}; }
  .short { background: ${({ theme }) => theme.color.downFill}; }
`;

/**
 * The futures order form: margin mode and leverage (the leverage dialog), limit or market, a
 * quantity typed or as a share of the maximum open quantity (fee included, §9), optional TP/SL,
 * then the buttons the machine's rules offer for what is held (formButtons: Open long / Open
 * short, or with Reduce-only and on the Close tab only the close of the side held), each
 * confirmed before it is sent.
 */
export function FuturesOrderForm(props: { className?: string; pair: Pair; form: ReturnType<typeof useFuturesOrderForm>; desk: Desk; lastPrice: string | undefined; markPrice: string | undefined }) {
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
  const closing = f.tab === 'close';
  const symbol = config?.symbol;
  const position = account?.positions.find((p) => p.symbol === symbol);
  const closable = position?.closable ?? '0';
  // The percentage buttons share the maximum open quantity, or on the Close tab and with Reduce-only what is closable.
  const reducing = closing || f.reduceOnly;
  const shareOf = reducing ? closable : max;
  // What the trader holds: the buttons the form offers follow it (issue 50 M9).
  const held = position ? { side: position.side, closable } : undefined;
  const buttons = formButtons(f, held);
  const nothing = noButtonReason(f, held);
  // Futures need a verified identity (the server refuses an order without one): say so where the buttons were.
  const unverified = account !== undefined && account !== null && !account.can_trade;
  // The mark price the page shows: a take-profit or stop-loss on its wrong side is refused under its field.
  const mark = props.markPrice ?? config?.mark_price ?? undefined;
  const planError = (field: PlanField): ErrorMessage | undefined => {
    const p = f.problem;
    if (!isPlanFieldProblem(p) || p.field !== field) return undefined;
    const bound = p.price === undefined ? undefined : { price: priceFigure(p.price, pair.price_precision), basis: t(p.basis === 'order' ? 'futures.form.basisOrder' : 'futures.form.basisMark') };
    return { key: p.key, currency: quote, values: bound };
  };
  // The preview of what a button would send, and of the action being confirmed; an order that can only reduce puts up no margin and has no liquidation price of its own.
  const preview = (action: FuturesAction) =>
    config ? orderPreview({ action, price, quantity: f.quantity, leverage, mode, takerFee: config.fees.taker, brackets: config.brackets, available: account?.available, position }) : undefined;
  const opens = (action: FuturesAction) => buttons.find((b) => b.action === action)?.opens ?? false;
  const previewRows = (action: FuturesAction): Array<[string, string, string?]> => {
    const p = preview(action);
    const rows: Array<[string, string, string?]> = [
      [t('futures.form.margin'), opens(action) ? money(p?.margin, quote) : '—', 'margin'],
      [t('futures.form.fee'), fee(p?.fee, quote), 'fee'],
      [t('futures.form.cost'), cost(p?.cost, quote), `futures-cost-${action}`],
      [t('futures.form.liqEst'), opens(action) ? priceFigure(p?.liquidation, pair.price_precision) : '—', `futures-liq-${action}`],
    ];
    // Margin and a liquidation price only where some button may open.
    return buttons.some((b) => b.opens) ? rows : rows.filter(([, , id]) => id !== 'margin' && !id?.startsWith('futures-liq-'));
  };
  /** The offered buttons' figures side by side (long ▲ / short ▼), each row in its currency. */
  const inQuote = (label: string) => label !== t('futures.form.liqEst');
  const sideRows = buttons.length === 0 ? [] : previewRows(buttons[0]!.action).map(([label, value, id], i): [string, ReactNode, string?] => [
    label,
    <span key={label} className="num">
      {buttons.map((b, n) => (
        <span key={b.action}>
          {n > 0 && ' / '}
          <span className={b.label === 'open_long' || b.label === 'close_short' ? 'up' : 'down'}>{n === 0 ? value : previewRows(b.action)[i]![1]}</span>
        </span>
      ))}
      {inQuote(label) ? ` ${quote}` : ''}
    </span>,
    id === 'margin' || id === 'fee' ? undefined : id,
  ]);
  return (
    <Panel className={props.className} aria-label={t('trade.openPosition')}>
      <PanelBody>
        <h2 style={{ margin: '0 0 8px', fontSize: 14 }}>{t('trade.openPosition')}</h2>
        <Choices role="tablist" aria-label={t('trade.openPosition')}>
          <button type="button" role="tab" aria-selected={!closing} aria-pressed={!closing} onClick={() => form.setTab('open')}>
            {t('futures.form.tabOpen')}
          </button>
          <button type="button" role="tab" aria-selected={closing} aria-pressed={closing} onClick={() => form.setTab('close')}>
            {t('futures.form.tabClose')}
          </button>
        </Choices>
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
            <NumberField name="price" label={t('col.price')} unit={quote} value={f.price} onChange={form.setPrice} pointHint />
          )}
          <NumberField name="quantity" label={t('col.quantity')} unit={base} value={f.quantity} onChange={form.setQuantity} pointHint />
          <Choices role="group" aria-label={t('futures.form.share')}>
            {PERCENTS.map((p) => (
              <button key={p} type="button" disabled={shareOf === '0'} onClick={() => form.setPercent(p, shareOf)}>
                {percentOf(String(p))}
              </button>
            ))}
          </Choices>
          <Facts
            rows={[
              [t('col.available'), `${money(account?.available, quote)} ${quote}`, 'futures-available'],
              reducing ? [t('futures.form.closable'), `${quantity(closable, pair.amount_precision)} ${base}`, 'futures-closable'] : [t('futures.form.maxOpen'), `${quantity(max, pair.amount_precision)} ${base}`, 'futures-max-open'],
            ]}
          />
          {!closing && (
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0 14px', fontSize: 12, marginBottom: 4 }}>
              <label style={{ display: 'flex', gap: 6, alignItems: 'center', minHeight: 32 }} title={t('futures.form.reduceOnlyNote')}>
                <input type="checkbox" checked={f.reduceOnly} onChange={(e) => form.setReduceOnly(e.target.checked)} />
                {t('futures.form.reduceOnly')}
              </label>
              {!f.reduceOnly && (
                <label style={{ display: 'flex', gap: 6, alignItems: 'center', minHeight: 32 }}>
                  <input
                    type="checkbox"
                    checked={tpsl}
                    onChange={(e) => {
                      setTpsl(e.target.checked);
                      // Hidden fields send nothing: what was typed in them goes with the box.
                      if (!e.target.checked) {
                        form.setTakeProfit('');
                        form.setStopLoss('');
                      }
                    }}
                  />
                  {t('futures.tpsl.title')}
                </label>
              )}
            </div>
          )}
          {position && !closing && <Muted style={{ fontSize: 11, marginBottom: 6 }}>{t('futures.form.oneWay')}</Muted>}
          {sideRows.length > 0 && <Facts rows={sideRows} />}
          {tpsl && !closing && !f.reduceOnly && (
            <>
              <NumberField name="takeProfit" label={t('futures.tpsl.tpMark')} unit={quote} value={f.takeProfit} onChange={form.setTakeProfit} pointHint error={planError('takeProfit')} />
              <NumberField name="stopLoss" label={t('futures.tpsl.slMark')} unit={quote} value={f.stopLoss} onChange={form.setStopLoss} pointHint error={planError('stopLoss')} />
            </>
          )}
          {unverified ? (
            // No buttons that lead to a refusal after a confirmation: the reason, and the way to lift it.
            <Muted data-testid="futures-verify" role="status">
              {t('futures.form.noPermission')} <TextLink to="/user/identity">{t('futures.form.verifyLink')}</TextLink>
            </Muted>
          ) : nothing ? (
            <Muted data-testid="futures-no-action">{t(nothing)}</Muted>
          ) : (
            <Sides data-count={buttons.length}>
              {buttons.map((b) => (
                <Button key={b.action} type="button" className={b.label === 'open_long' || b.label === 'close_short' ? 'long' : 'short'} disabled={form.submitting} onClick={() => form.submit(b.action, held, mark)}>
                  {t(`futures.action.${b.label}`)}
                </Button>
              ))}
            </Sides>
          )}
          {f.problem && !isPlanFieldProblem(f.problem) && (
            <FormProblem role="alert" data-testid="futures-form-problem">
              {'key' in f.problem ? t(f.problem.key) : f.problem.text}
            </FormProblem>
          )}
        </form>
      </PanelBody>
      {(form.confirming || form.submitting) && f.action && (
        <ConfirmDialog
          title={t('futures.form.confirmTitle')}
          confirmLabel={t(`futures.action.${f.label ?? f.action}`)}
          busy={form.submitting}
          onConfirm={form.confirm}
          onCancel={form.cancel}
        >
          <Facts
            rows={[
              [t('col.pair'), `${base}/${quote}`],
              [t('col.direction'), <span className={f.label === 'open_long' || f.label === 'close_short' ? 'up' : 'down'}>{t(`futures.action.${f.label ?? f.action}`)}{f.tab === 'open' && f.reduceOnly ? ` · ${t('futures.form.reduceOnly')}` : ''}</span>],
              [t('col.type'), t(market ? 'futures.market' : 'futures.limit')],
              [t('col.price'), market ? t('futures.form.marketPrice') : `${priceFigure(f.price, pair.price_precision)} ${quote}`],
              [t('col.quantity'), `${quantity(f.quantity, pair.amount_precision)} ${base}`],
              [t('col.leverage'), `${t(mode === 'cross' ? 'futures.cross' : 'futures.isolated')} · ${leverage}×`],
              ...(f.takeProfit && f.tab === 'open' && !f.reduceOnly ? [[t('futures.takeProfit'), `${priceFigure(f.takeProfit, pair.price_precision)} ${quote}`] as [string, string]] : []),
              ...(f.stopLoss && f.tab === 'open' && !f.reduceOnly ? [[t('futures.stopLoss'), `${priceFigure(f.stopLoss, pair.price_precision)} ${quote}`] as [string, string]] : []),
              ...previewRows(f.action).map(([label, value]): [string, string] => [label, inQuote(label) && value !== '—' ? `${value} ${quote}` : value]),
            ]}
          />
        </ConfirmDialog>
      )}
    </Panel>
  );
}
