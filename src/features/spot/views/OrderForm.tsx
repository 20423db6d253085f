import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { fee, money, percentOf } from '../../../../domain/figures';
import type { useOrderForm } from '../spot.hooks';
import { SPOT_TIME_IN_FORCE, type SpotTimeInForce } from '../../../../domain/spotOrders';
import { FORM_ORDER_TYPES, type FormOrderType } from '../machines/orderForm/orderFields';
import { PHONE } from '../../../app/theme';
import { Button } from '../../../app/ui/Button';
import { Panel, PanelBody } from '../../../app/ui/Panel';
import { PressedChoice } from '../../../app/ui/Segmented';
import { Fact, FactList, NumberField, OptionSelect } from '../../../app/ui/FormRows';

type OrderFormFlow = ReturnType<typeof useOrderForm>;

const SLIDER_MARKS = [0, 25, 50, 75, 100] as const;

const Tabs = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  button {
    all: unset;
    cursor: pointer;
    text-align: center;
    padding: 10px 0;
    font-weight: 600;
    color: ${({ theme }) => theme.color.textDim};
    border-bottom: 2px solid transparent;
  }
  button[aria-selected='true'].buy { color: ${({ theme }) => theme.color.up}; border-color: ${({ theme }) => theme.color.up}; }
  button[aria-selected='true'].sell { color: ${({ theme }) => theme.color.down}; border-color: ${({ theme }) => theme.color.down}; }
  button:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; outline-offset: -2px; }
`;

// 32 px high: a finger's tap, not the 17 px of the words.
const Types = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 14px;
  margin: -6px 0 4px;
  button { all: unset; cursor: pointer; display: inline-flex; align-items: center; min-height: 32px; font-size: 12px; white-space: nowrap; color: ${({ theme }) => theme.color.textDim}; }
  button[aria-pressed='true'] { color: ${({ theme }) => theme.color.text}; font-weight: 600; }
  button:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; outline-offset: 2px; }
`;

/** Literal keys (the i18n check looks for each as written). */
const FORM_TYPE_KEYS: Record<FormOrderType, string> = { limit: 'spot.type.limit', market: 'spot.type.market', stop: 'spot.type.stopLimit', oco: 'spot.type.oco' };
const TIF_KEYS: Record<SpotTimeInForce, string> = { GTC: 'spot.tif.GTC', IOC: 'spot.tif.IOC', POST_ONLY: 'spot.tif.POST_ONLY' };

/** Time in force of a limit order, and the stop's one-line explanation: small, under the fields. */
// The label keeps its words whole ("有効期限" broke after its second character): the choice beside it is what gives way.
// A select is as wide as its longest option ("IOC (немедленно или отмена)"): allowed to shrink, it stays inside
// the form beside its label instead of sticking out of the panel.
const Aside = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin: -2px 0 10px;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textDim};
  label { flex: none; white-space: nowrap; }
  select {
    font: inherit;
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.bg};
    border: 1px solid ${({ theme }) => theme.color.fieldBorder};
    border-radius: ${({ theme }) => theme.radius};
    padding: 3px 6px;
    min-height: 32px;
    min-width: 0;
  }
  p { margin: 0; line-height: 1.4; }
`;

// The marks' words stay where they were; their buttons reach 6 px past them and 32 px down (40 on a phone, a thumb's tap).
const Slider = styled.div`
  margin: 4px 0 10px;
  input[type='range'] { width: 100%; accent-color: ${({ theme }) => theme.color.accent}; margin: 0; }
  .marks { display: flex; justify-content: space-between; margin: 0 -6px -8px; }
  .marks button { all: unset; cursor: pointer; display: inline-flex; align-items: flex-start; min-height: 32px; padding: 2px 6px 0; box-sizing: border-box; font-size: 11px; color: ${({ theme }) => theme.color.textFaint}; }
  .marks button[aria-pressed='true'] { color: ${({ theme }) => theme.color.accent}; }
  ${PHONE} { margin-bottom: 18px; .marks { margin-bottom: -16px; } .marks button { min-height: 40px; } }
`;

/** The pair's smallest order, under the fields it limits. */
const Minimum = styled.p`
  margin: -4px 0 8px;
  font-size: 11px;
  color: ${({ theme }) => theme.color.textFaint};
  text-align: right;
  font-variant-numeric: tabular-nums;
`;

/** Buy green, sell red, as on the book. */
const Submit = styled(Button)<{ $buy: boolean }>`
  width: 100%;
  background: ${({ theme, $buy }) => ($buy ? theme.color.upFill : theme.color.downFill)};
  color: ${({ theme }) => theme.color.fillText};
`;

/**
 * The spot order form: buy or sell, limit or market, price / quantity / amount with the slider
 * over the available balance, the fee rate and estimated fee. Renders the order form machine's
 * snapshot; every change is an event.
 */
export function OrderForm(props: { form: OrderFormFlow; className?: string }) {
  const { t } = useTranslation();
  const { form } = props;
  const f = form.fields;
  const { base, quote } = f.pair;
  const buy = f.side === 'buy';
  const market = f.orderType === 'market';
  const stop = f.orderType === 'stop' || f.orderType === 'oco';
  const oco = f.orderType === 'oco';
  return (
    <Panel className={props.className} aria-label={t('trade.placeOrder')}>
      <Tabs role="tablist" aria-label={t('col.direction')}>
        <button type="button" role="tab" className="buy" aria-selected={buy} onClick={() => form.setSide('buy')}>
          {t('spot.side.buy')}
        </button>
        <button type="button" role="tab" className="sell" aria-selected={!buy} onClick={() => form.setSide('sell')}>
          {t('spot.side.sell')}
        </button>
      </Tabs>
      <PanelBody>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            form.submit();
          }}
        >
          <PressedChoice frame={Types} role="group" label={t('col.type')} value={f.orderType} options={FORM_ORDER_TYPES.map((type) => [type, t(FORM_TYPE_KEYS[type])] as const)} onChoose={(type) => form.setType(type)} />
          {oco && (
            <NumberField name="limitPrice" label={t('spot.form.takeProfitPrice')} unit={quote} value={f.limitPrice} onChange={form.setLimitPrice} pointHint error={f.errors.limitPrice} />
          )}
          {stop && <NumberField name="triggerPrice" label={t(oco ? 'spot.form.stopTrigger' : 'spot.form.trigger')} unit={quote} value={f.triggerPrice} onChange={form.setTrigger} pointHint error={f.errors.triggerPrice} />}
          {stop ? (
            <NumberField name="price" label={t(oco ? 'spot.form.stopLimitPrice' : 'spot.form.limitPrice')} unit={quote} value={f.price} onChange={form.setPrice} pointHint error={f.errors.price} />
          ) : market ? (
            <NumberField name="price" label={t('col.price')} unit={quote} value="" placeholder={t('spot.form.marketPrice')} disabled />
          ) : (
            <NumberField name="price" label={t('col.price')} unit={quote} value={f.price} onChange={form.setPrice} pointHint error={f.errors.price} />
          )}
          {f.orderType === 'limit' && (
            <Aside>
              <label htmlFor="spot-tif">{t('spot.form.timeInForce')}</label>
              <OptionSelect id="spot-tif" value={f.timeInForce} options={SPOT_TIME_IN_FORCE} labelOf={(tif) => t(TIF_KEYS[tif])} onChange={form.setTimeInForce} />
            </Aside>
          )}
          {stop && (
            <Aside>
              <p data-testid="stop-hint">{t(oco ? (buy ? 'spot.form.ocoHintBuy' : 'spot.form.ocoHintSell') : buy ? 'spot.form.stopHintBuy' : 'spot.form.stopHintSell')}</p>
            </Aside>
          )}
          {!(market && buy) && <NumberField name="quantity" label={t('col.quantity')} unit={base} value={f.quantity} onChange={form.setQuantity} pointHint error={f.errors.quantity} />}
          <Slider>
            <input
              type="range"
              min={0}
              max={100}
              step={1}
              value={f.percent}
              aria-label={t('spot.form.percentOfAvailable')}
              aria-valuetext={percentOf(String(f.percent))}
              disabled={form.available.value === undefined}
              onChange={(e) => form.setPercent(Number(e.target.value))}
            />
            <div className="marks">
              {SLIDER_MARKS.map((mark) => (
                <button key={mark} type="button" aria-pressed={f.percent === mark && mark > 0} disabled={form.available.value === undefined} onClick={() => form.setPercent(mark)}>
                  {percentOf(String(mark))}
                </button>
              ))}
            </div>
          </Slider>
          {!(market && !buy) && <NumberField name="amount" label={t('spot.form.amount')} unit={quote} value={f.amount} onChange={form.setAmount} pointHint error={f.errors.amount} />}
          {form.minimum && <Minimum data-testid="order-minimum">{t('spot.form.minimum', form.minimum)}</Minimum>}
          <FactList>
            <Fact label={t('col.available')}>
              {form.accountFailed ? (
                <Button type="button" $small $variant="ghost" onClick={form.retry}>
                  {t('common.retry')}
                </Button>
              ) : (
                <span data-testid="available">{`${money(form.available.value, form.available.currency)} ${form.available.currency}`}</span>
              )}
            </Fact>
            <Fact label={t('spot.form.feeRate')}>{form.fee ? form.fee.rate : '—'}</Fact>
            <Fact label={t('spot.form.estimatedFee')}>{form.fee?.estimate ? `≈ ${fee(form.fee.estimate, form.fee.currency)} ${form.fee.currency}` : '—'}</Fact>
          </FactList>
          <Submit type="submit" $buy={buy} disabled={form.submitting}>
            {t(buy ? 'spot.form.buySubmit' : 'spot.form.sellSubmit', { currency: base })}
          </Submit>
        </form>
      </PanelBody>
    </Panel>
  );
}
