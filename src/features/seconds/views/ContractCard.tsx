import { useTranslation } from 'react-i18next';
import { price as priceFigure } from '../../../../domain/figures';
import { SECONDS_CURRENCY } from '../../../../domain/seconds';
import { Button } from '../../../app/ui/Button';
import type { SecondsContractActorRef } from '../machines/secondsContract/secondsContract.machine';
import { OUTCOME_KEYS, useSecondsTicket } from '../seconds.hooks';
import { cardState, contractCardFigures, directionArrow, directionTone, signedUsdt, usdt } from './secondsFigures';
import { Card } from './secondsTrade.styles';
import { FigureRow } from './FigureRow';

/**
 * A bought contract: countdown, buy price vs the seconds index now (what it settles on, not the last
 * trade: issue 50 S2), the index's move and the floating result, each labelled; then the result.
 */
export function ContractCard(props: { ticketRef: SecondsContractActorRef; price: string | undefined; places: number }) {
  const { t } = useTranslation();
  const ticket = useSecondsTicket(props.ticketRef);
  const c = ticket.context.contract;
  if (!c) return null;
  const current = props.price;
  const figures = contractCardFigures(c, current, ticket.remainingSeconds, props.places);
  return (
    <Card $tone={figures.tone} data-testid="seconds-card" data-state={cardState(ticket)}>
      <header>
        <b>
          {c.symbol.replace('_', '/')} · <span className={directionTone(c.direction)}>{directionArrow(c.direction)} {t(`seconds.${c.direction}`)}</span> · {t('seconds.periodSeconds', { seconds: c.period })}
        </b>
        <span className="dim">#{c.id}</span>
      </header>
      {ticket.countingDown && (
        <>
          <div className="clock" data-testid="seconds-countdown" aria-label={t('seconds.countdown')}>
            {t('seconds.secondsLeft', { seconds: ticket.remainingSeconds })}
          </div>
          <div className="bar">
            <span style={{ width: `${figures.share}%` }} />
          </div>
        </>
      )}
      {ticket.awaiting && <div className="clock dim">{t('seconds.awaiting')}</div>}
      {ticket.failed && (
        <div role="alert" style={{ fontSize: 12 }}>
          {t('seconds.noResult')} <Button $small $variant="ghost" onClick={ticket.retry}>{t('common.retry')}</Button>
        </div>
      )}
      {ticket.settled && (
        <div className={`result ${figures.tone}`} data-testid="seconds-result">
          {(c.outcome ? t(OUTCOME_KEYS[c.outcome]) : '')} {signedUsdt(c.profit)} {SECONDS_CURRENCY}
        </div>
      )}
      <FigureRow label={t('seconds.buyPrice')}>{priceFigure(c.buy_price, props.places)}</FigureRow>
      <FigureRow label={ticket.settled ? t('seconds.settlePrice') : t('seconds.indexNow')}>{priceFigure(ticket.settled ? c.settle_price : current, props.places)}</FigureRow>
      {/* While open the buy second's band, which the expiry second's may widen (docs/API.md): said so, not as fixed. */}
      <FigureRow label={ticket.settled ? t('seconds.drawBand') : t('seconds.drawBandOpen')} testId="seconds-draw-band">{figures.band}</FigureRow>
      <FigureRow label={t('seconds.stake', { currency: SECONDS_CURRENCY })}>{usdt(c.quantity)}</FigureRow>
      {!ticket.settled && current && (
        <>
          <FigureRow label={t('seconds.indexMove')} className={figures.floatingTone}>{figures.move}</FigureRow>
          <FigureRow label={t('seconds.floating')} className={figures.floatingTone} testId="seconds-floating">
            {figures.floatingProfit}
          </FigureRow>
        </>
      )}
    </Card>
  );
}
