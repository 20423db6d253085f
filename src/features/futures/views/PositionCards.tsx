import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import type { FuturesPlan, FuturesPosition } from '../../../../domain/futures/api';
import { Button } from '../../../app/ui/Button';
import { indexPrice, money, percent, price, quantity, ratioPercent, tone } from '../../../../domain/figures';
import { Signed } from './futuresUi';
import { PositionButtons } from './PositionActions';
import { roeTriggerText } from '../../../../domain/futures/planTrigger';
import { atMarginCall } from '../../../../domain/futures/marginCall';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  > li { padding: 10px 14px; border-bottom: 1px solid ${({ theme }) => theme.color.border}40; }
  .head { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: baseline; justify-content: space-between; margin-bottom: 8px; }
  .name { font-weight: 600; }
  .mode { color: ${({ theme }) => theme.color.textDim}; font-size: 12px; }
  .pnl { font-size: 15px; font-weight: 700; }
  dl { display: grid; grid-template-columns: repeat(auto-fill, minmax(112px, 1fr)); gap: 6px 12px; margin: 0 0 8px; }
  dt { font-size: 11px; color: ${({ theme }) => theme.color.textFaint}; }
  dd { margin: 0; font-size: 12px; }
  .actions { display: flex; flex-wrap: wrap; gap: 6px; justify-content: flex-end; }
  .call { margin: 0 0 8px; padding: 6px 10px; border-left: 3px solid ${({ theme }) => theme.color.warn}; background: ${({ theme }) => theme.color.warn}1a; font-size: 12px; }
  .empty { text-align: center; color: ${({ theme }) => theme.color.textFaint}; padding: 30px 12px; border: 0; }
`;

/**
 * The pair's positions as cards (the figures of spec §3 fit any width without a sideways scroll):
 * side, size, entry, mark and liquidation price, margin and its ratio, unrealised PnL and ROE,
 * and the TP/SL, close and flash close actions.
 */
export function PositionCards(props: {
  positions: FuturesPosition[];
  pair: Pair;
  onTpsl: (p: FuturesPosition) => void;
  onClose: (p: FuturesPosition) => void;
  onFlash: (p: FuturesPosition) => void;
  /** The position's waiting TP/SL plans (shown on the card). */
  plans?: readonly FuturesPlan[];
  /** Isolated positions: opens the margin dialog. */
  onMargin?: (p: FuturesPosition) => void;
}) {
  const { t } = useTranslation();
  const places = props.pair.price_precision;
  const quote = props.pair.right_symbol;
  return (
    <List aria-label={t('futures.desk.positions')}>
      {props.positions.length === 0 && <li className="empty">{t('futures.desk.noPositions')}</li>}
      {props.positions.map((p) => (
        <li key={p.symbol}>
          <div className="head">
            <span>
              <span className={`name ${p.side === 1 ? 'up' : 'down'}`}>{t(p.side === 1 ? 'futures.long' : 'futures.short')}</span> <span className="name">{p.symbol.replace('_', '/')}</span>{' '}
              <span className="mode">
                {t(p.margin_mode === 'cross' ? 'futures.cross' : 'futures.isolated')} · {p.leverage}×
              </span>
            </span>
            <span className="pnl" data-testid="position-pnl" title={t('futures.desk.pnlRoe')}>
              <Signed value={p.unrealised_pnl} asset={quote} /> <span className={`num ${tone(p.roe)}`}>({percent(p.roe)})</span>
            </span>
          </div>
          {isCalled(p) && (
            <p className="call" role="alert">
              {t(p.margin_mode === 'cross' ? 'futures.marginCall.cross' : 'futures.marginCall.isolated', { ratio: ratioPercent(p.margin_ratio ?? '1') })}
            </p>
          )}
          <dl>
            {(
              [
                ['col.openInterest', quantity(p.quantity, props.pair.amount_precision), 'position-size'],
                ['col.avgOpenPrice', price(p.entry_price, places)],
                // The mark price as the stats bar shows it: an index price, cut to 4 decimals (§9).
                ['futures.markPrice', indexPrice(p.mark_price, places)],
                ['futures.liquidationPrice', p.liquidation_price === '0' ? '—' : price(p.liquidation_price, places)],
                ['col.margin', money(p.margin, quote)],
                ['futures.marginRatio', ratioPercent(p.margin_ratio)],
                ['futures.desk.tpsl', tpslText(props.plans ?? [], p, places, t('futures.roe')), 'position-tpsl'],
              ] as Array<[string, string, string?]>
            ).map(([key, value, testId]) => (
              <div key={key}>
                <dt>{t(key)}</dt>
                <dd className={key === 'futures.marginRatio' && isCalled(p) ? 'num down' : 'num'} data-testid={testId}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <div className="actions">
            {props.onMargin && p.margin_mode === 'isolated' && (
              <Button type="button" $small $variant="ghost" onClick={() => props.onMargin!(p)}>
                {t('futures.margin.button')}
              </Button>
            )}
            <PositionButtons position={p} onTpsl={props.onTpsl} onClose={props.onClose} onFlash={props.onFlash} />
          </div>
        </li>
      ))}
    </List>
  );
}

/** At or past the margin call's ratio (the server's notice says the same, once): a ratio of none is a margin balance at or below zero. */
const isCalled = (p: FuturesPosition): boolean => atMarginCall(p.margin_ratio);

/** The position's waiting take-profit and stop-loss triggers: "70,000.00 / 55,000.00" (a missing one as —; ROE ones as percentages). */
function tpslText(plans: readonly FuturesPlan[], p: FuturesPosition, places: number, roeLabel: string): string {
  const mine = plans.filter((plan) => plan.symbol === p.symbol && plan.position_side === p.side);
  const one = (kind: FuturesPlan['kind']) => {
    const plan = mine.find((x) => x.kind === kind);
    if (!plan) return '—';
    return plan.trigger_by === 'roe' ? `${roeLabel} ${roeTriggerText(plan)}` : price(plan.trigger_value, places);
  };
  return mine.length === 0 ? '—' : `${one('take_profit')} / ${one('stop_loss')}`;
}
