import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ratioPercent, tone as figureTone } from '../../../../domain/figures';
import { decimalInput } from '../../../../domain/orderMath';
import { SECONDS_CURRENCY } from '../../../../domain/seconds';
import { useSessionFlow } from '../../../app/views/hooks';
import { Button } from '../../../app/ui/Button';
import { SignInButtons } from '../../../app/ui/SignInButtons';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { FormProblem } from '../../../app/ui/FormRows';
import type { SecondsContractActorRef } from '../machines/secondsContract/secondsContract.machine';
import { useSecondsTicket } from '../seconds.hooks';
import { confirmedEstimate, directionTone, signedUsdt, ticketFigures, usdt } from './secondsFigures';
import { Panel, PanelBody, PanelHeader } from '../../../app/ui/Panel';
import { AccountLines, Field, Label, Periods, Row, Sides } from './secondsTrade.styles';
import { FigureRow } from './FigureRow';

/** The ticket: period, stake, up or down; the risk warning the first time and the confirmation. */
export function SecondsTicket(props: { ticketRef: SecondsContractActorRef; className?: string }) {
  const { t } = useTranslation();
  const session = useSessionFlow();
  const ticket = useSecondsTicket(props.ticketRef);
  const { context, period } = ticket;
  const config = context.data?.config;
  const account = context.data?.account;
  const figures = ticketFigures({ quantity: context.quantity, period, account, problem: ticket.problem });
  const busy = ticket.submitting || ticket.acknowledging;
  const stakeLabel = t('seconds.stake', { currency: SECONDS_CURRENCY });
  return (
    <Panel className={props.className} aria-label={t('seconds.ticket')} aria-busy={ticket.loading}>
      <PanelHeader>
        <h2>{t('trade.placeSeconds')}</h2>
      </PanelHeader>
      <PanelBody>
        <Label>{t('seconds.period')}</Label>
        {ticket.loadFailed && (
          <p role="alert" style={{ fontSize: 12 }}>
            {ticket.loadError ?? t('seconds.loadFailed')} <Button $small $variant="ghost" onClick={ticket.retry}>{t('common.retry')}</Button>
          </p>
        )}
        <Periods role="group" aria-label={t('seconds.period')}>
          {config?.periods.map((p) => (
            <button key={p.period} type="button" aria-pressed={p.period === context.period} onClick={() => ticket.choosePeriod(p.period)}>
              <b>{t('seconds.periodSeconds', { seconds: p.period })}</b>
              <span className="rate">{ratioPercent(p.payout_rate)}</span>
            </button>
          ))}
        </Periods>
        <Field>
          {stakeLabel}
          <input
            inputMode="decimal"
            aria-label={stakeLabel}
            aria-invalid={context.refusal !== undefined}
            aria-describedby={context.refusal ? 'seconds-refusal' : undefined}
            value={context.quantity}
            onChange={(e) => ticket.setQuantity(decimalInput(e.target.value))}
          />
        </Field>
        {context.refusal && (
          <FormProblem role="alert" id="seconds-refusal" data-testid="seconds-refusal">
            {'key' in context.refusal ? t(context.refusal.key) : context.refusal.text}
          </FormProblem>
        )}
        <FigureRow label={t('seconds.limits')}>{figures.limits}</FigureRow>
        <FigureRow label={t('seconds.available')} testId="seconds-available">{figures.available}</FigureRow>
        <FigureRow label={t('seconds.payoutRate')}>{ratioPercent(period?.payout_rate)}</FigureRow>
        <FigureRow label={t('seconds.estimatedProfit')} className="up" testId="seconds-estimate">{figures.estimate}</FigureRow>
        {session.hasSession ? (
          <Sides>
            <button type="button" className="up" disabled={!ticket.choosing} onClick={() => ticket.buy('up')}>
              ▲ {t('seconds.up')}
            </button>
            <button type="button" className="down" disabled={!ticket.choosing} onClick={() => ticket.buy('down')}>
              ▼ {t('seconds.down')}
            </button>
          </Sides>
        ) : (
          <Sides>
            <SignInButtons />
          </Sides>
        )}
        {account && (
          <AccountLines>
            <FigureRow label={t('seconds.frozen')} testId="seconds-frozen">{`${usdt(account.frozen)} ${SECONDS_CURRENCY}`}</FigureRow>
            <FigureRow label={t('seconds.todayResult')} className={figureTone(account.today_profit)} testId="seconds-today">{`${signedUsdt(account.today_profit)} ${SECONDS_CURRENCY}`}</FigureRow>
            <Row>
              <span />
              <Link to={`/wallet/transfer?currency=USDT&from=spot`} style={{ fontSize: 12 }}>{t('seconds.transferIn')}</Link>
            </Row>
          </AccountLines>
        )}
        {ticket.riskWarning && (
          <ConfirmDialog title={t('seconds.risk.title')} confirmLabel={t('seconds.risk.accept')} busy={busy} onConfirm={ticket.acceptRisk} onCancel={ticket.cancel}>
            <p>{t('seconds.risk.body1')}</p>
            <p>{t('seconds.risk.body2')}</p>
            <p>{t('seconds.risk.body3')}</p>
          </ConfirmDialog>
        )}
        {(ticket.confirming || ticket.submitting) && period && (
          <ConfirmDialog
            title={t('seconds.confirm.title')}
            confirmLabel={t('seconds.confirm.buy')}
            busy={ticket.submitting}
            onConfirm={ticket.confirm}
            onCancel={ticket.cancel}
          >
            <FigureRow label={t('seconds.direction')} className={directionTone(context.direction)}>{t(`seconds.${context.direction}`)}</FigureRow>
            <FigureRow label={t('seconds.period')}>{t('seconds.periodSeconds', { seconds: period.period })}</FigureRow>
            <FigureRow label={stakeLabel}>{usdt(context.quantity)}</FigureRow>
            <FigureRow label={t('seconds.estimatedProfit')} className="up">{confirmedEstimate(context.quantity, period)}</FigureRow>
            <p className="dim" style={{ fontSize: 12 }}>{t('seconds.confirm.note')}</p>
          </ConfirmDialog>
        )}
      </PanelBody>
    </Panel>
  );
}
