import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { spotTickChannel } from '../../../../domain/api';
import { subDecimal } from '../../../../domain/decimal';
import { money, percent, price as priceFigure, ratioPercent, signedMoney, tone as figureTone } from '../../../../domain/figures';
import { estimatedProfit, floatingOutcome, SECONDS_CURRENCY, type SecondsContract, type SecondsDirection } from '../../../../domain/seconds';
import { useAppFlow, useSessionFlow } from '../../../app/views/hooks';
import { Button } from '../../../app/ui/Button';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { Dialog } from '../../../app/ui/Dialog';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import type { SecondsContractActorRef } from '../machines/secondsContract/secondsContract.machine';
import { OUTCOME_KEYS, useSecondsDesk, useSecondsEnabled, useSecondsTicket } from '../seconds.hooks';
import { usePairMarket } from '../../markets/markets.hooks';
import { ChartPanel } from '../../markets/views/trade/ChartPanel';
import { PHONE } from '../../../app/theme';

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 340px;
  gap: 8px;
  align-items: start;
  /* A phone: stacked, the stats, the chart, then the ticket and the contracts. */
  ${PHONE} { grid-template-columns: minmax(0, 1fr); }
`;
const Box = styled.section`
  background: ${({ theme }) => theme.color.panel};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 10px 12px;
  h2 { margin: 0 0 8px; font-size: 12px; font-weight: 600; color: ${({ theme }) => theme.color.textDim}; text-transform: uppercase; letter-spacing: 0.4px; }
`;
const Stats = styled(Box)`
  grid-column: 1 / -1;
  display: flex;
  gap: 28px;
  align-items: baseline;
  flex-wrap: wrap;
  ${PHONE} { gap: 8px 18px; }
  h1 { margin: 0; font-size: 18px; }
  .label { display: block; font-size: 11px; color: ${({ theme }) => theme.color.textFaint}; }
  .big { font-size: 20px; font-weight: 700; font-family: ${({ theme }) => theme.font.mono}; }
  .fig { font-family: ${({ theme }) => theme.font.mono}; font-size: 13px; }
`;
const Periods = styled.div`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: 6px;
  margin-bottom: 10px;
  button {
    padding: 6px 0;
    border-radius: 4px;
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.panelRaised};
    cursor: pointer;
    display: flex; flex-direction: column; align-items: center; gap: 2px;
    .rate { font-size: 11px; color: ${({ theme }) => theme.color.up}; }
  }
  button[aria-pressed='true'] { border-color: ${({ theme }) => theme.color.accent}; color: ${({ theme }) => theme.color.accent}; }
`;
const Field = styled.label`
  display: block;
  margin-bottom: 8px;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textDim};
  input {
    display: block; width: 100%; box-sizing: border-box; margin-top: 4px; padding: 7px 8px;
    background: ${({ theme }) => theme.color.bg}; border: 1px solid ${({ theme }) => theme.color.border}; border-radius: 4px;
    font-family: ${({ theme }) => theme.font.mono};
  }
`;
const Row = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: 12px;
  padding: 2px 0;
  color: ${({ theme }) => theme.color.textDim};
  b { color: ${({ theme }) => theme.color.text}; font-weight: 500; font-family: ${({ theme }) => theme.font.mono}; }
`;
const Sides = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;
  margin-top: 10px;
  button { padding: 10px 0; border: 0; border-radius: 4px; font-weight: 700; color: #fff; cursor: pointer; }
  .up { background: ${({ theme }) => theme.color.up}; }
  .down { background: ${({ theme }) => theme.color.down}; }
  button:disabled { opacity: 0.5; cursor: default; }
`;
const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(230px, 1fr));
  gap: 8px;
`;
const Card = styled.article<{ $tone: 'up' | 'down' | 'dim' }>`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-left: 3px solid ${({ theme, $tone }) => ($tone === 'dim' ? theme.color.border : theme.color[$tone])};
  border-radius: 4px;
  padding: 8px 10px;
  background: ${({ theme }) => theme.color.panelRaised};
  header { display: flex; justify-content: space-between; align-items: center; margin-bottom: 4px; font-size: 12px; }
  .clock { font-family: ${({ theme }) => theme.font.mono}; font-size: 22px; font-weight: 700; }
  .bar { height: 3px; background: ${({ theme }) => theme.color.border}; border-radius: 2px; margin: 4px 0 6px; overflow: hidden; }
  .bar > span { display: block; height: 100%; background: ${({ theme }) => theme.color.accent}; transition: width 1s linear; }
  .result { font-size: 16px; font-weight: 700; }
`;
const Chart = styled.svg`
  width: 100%;
  height: 260px;
  display: block;
`;

const tone = (d: SecondsDirection) => (d === 'up' ? 'up' : 'down');
/** Stakes, balances and results are USDT amounts (domain/figures.ts). */
const usdt = (value: string | null | undefined) => money(value, SECONDS_CURRENCY);
const signedUsdt = (value: string | null | undefined) => signedMoney(value, SECONDS_CURRENCY);

/** /contract_sec/{symbol}: live index, periods with payout rates, stake, up/down, countdown cards. */
export function SecondsTradePage() {
  const enabled = useSecondsEnabled();
  const params = useParams();
  const symbol = (params.symbol ?? '').toLowerCase();
  if (!enabled) return <NotFoundPage />;
  if (!/^[a-z0-9]{2,12}_[a-z0-9]{2,12}$/.test(symbol)) return <NotFoundPage />;
  return <Desk key={symbol} symbol={symbol} />;
}

/**
 * The pair's candles, live, as on the spot trade page (the markets feature's pair market owns the
 * channels while this page watches it): a trader sees the price history at once, not only the
 * prices since the page opened.
 */
function CandleChart(props: { left: string; right: string }) {
  const app = useAppFlow();
  const market = usePairMarket();
  const { watch, leave } = market;
  const pair = app.pairs.find((p) => p.left_symbol === props.left && p.right_symbol === props.right);
  const contract = pair?.contract_status === 1;
  useEffect(() => {
    if (!pair) return undefined;
    watch({ left: props.left, right: props.right, contract });
    return leave;
  }, [pair, props.left, props.right, contract, watch, leave]);
  const watching = market.watched?.left === props.left && market.watched.right === props.right;
  if (!pair || !watching || !market.klineRef) return <div style={{ height: 420 }} aria-busy="true" />;
  return (
    <div style={{ height: 420, display: 'grid' }}>
      <ChartPanel klineRef={market.klineRef} pair={pair} interval={market.interval} onInterval={market.setInterval} />
    </div>
  );
}

/** The last ~2 minutes of live prices (presentation only: what the chart draws). */
function usePriceTrail(price: string | undefined): string[] {
  const [trail, setTrail] = useState<string[]>([]);
  useEffect(() => {
    if (price !== undefined) setTrail((t) => [...t.slice(-119), price]);
  }, [price]);
  return trail;
}

function Desk(props: { symbol: string }) {
  const { t } = useTranslation();
  const app = useAppFlow();
  const desk = useSecondsDesk(props.symbol);
  const [left = '', right = ''] = props.symbol.toUpperCase().split('_');
  const tick = app.tickers[spotTickChannel(left, right)];
  const places = app.pairs.find((p) => p.left_symbol === left && p.right_symbol === right)?.price_precision ?? 2;
  // The pair's prices as the spot and futures stats show them: its precision, grouped.
  const price = (value: string | undefined) => priceFigure(value, places);
  const ticket = desk.ticket;
  const trail = usePriceTrail(tick?.close);
  return (
    <Grid>
      <Stats aria-label={t('seconds.title')}>
        <h1>
          {left}/{right} <small style={{ fontSize: 12, fontWeight: 400 }}>{t('nav.secContract')}</small>
        </h1>
        <span>
          <span className="label">{t('seconds.livePrice')}</span>
          <span className="big num" data-testid="seconds-live-price">{price(tick?.close)}</span>
        </span>
        {tick && (
          <span>
            <span className="label">{t('seconds.change24h')}</span>
            <span className={`fig ${figureTone(tick.increase)}`}>{percent(tick.increase)}</span>
          </span>
        )}
        {tick && (
          <span>
            <span className="label">{t('seconds.high24h')}</span>
            <span className="fig">{price(tick.high)}</span>
          </span>
        )}
        {tick && (
          <span>
            <span className="label">{t('seconds.low24h')}</span>
            <span className="fig">{price(tick.low)}</span>
          </span>
        )}
        <span style={{ marginLeft: 'auto', fontSize: 12 }} className="dim">
          {t('seconds.indexRule')}
        </span>
      </Stats>
      <div style={{ display: 'grid', gap: 8 }}>
        <CandleChart left={left} right={right} />
        {desk.cards.length > 0 && (
          <Box>
            <h2>{t('seconds.chart')}</h2>
            <PriceChart trail={trail} cards={desk.cards} places={places} />
          </Box>
        )}
        <Box aria-label={t('seconds.openContracts')}>
          <h2>
            {t('seconds.openContracts')} <Link to="/order/sec-history" style={{ float: 'right', textTransform: 'none' }}>{t('seconds.history')} →</Link>
          </h2>
          {desk.cards.length === 0 ? <p className="dim" style={{ margin: 0, fontSize: 12 }}>{t('seconds.noCards')}</p> : null}
          <Cards>
            {desk.cards.map((ref) => (
              <ContractCard key={ref.id} ticketRef={ref} price={tick?.close} places={places} />
            ))}
          </Cards>
        </Box>
        <SettleRule />
      </div>
      {ticket ? <Ticket ticketRef={ticket} /> : <Box />}
    </Grid>
  );
}

/** A line of the live price (spread over the width) with each open contract's buy price as a dashed level. */
function PriceChart(props: { trail: string[]; cards: SecondsContractActorRef[]; places: number }) {
  // The axis and level labels are the pair's prices too (the line itself is drawn from floats).
  const label = (v: number | string) => priceFigure(typeof v === 'number' ? v.toFixed(props.places) : v, props.places);
  const levels = props.cards.map((c) => c.getSnapshot()).filter((s) => s.matches('live') && s.context.contract).map((s) => s.context.contract!);
  const values = [...props.trail.map(Number), ...levels.map((c) => Number(c.buy_price))];
  if (props.trail.length < 2) return <Chart viewBox="0 0 640 260" role="img" aria-label="chart" />;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || max * 0.0001 || 1;
  const y = (v: number) => 245 - ((v - min) / span) * 230;
  const x = (i: number) => (i / (props.trail.length - 1)) * 560;
  const points = props.trail.map((p, i) => `${x(i).toFixed(1)},${y(Number(p)).toFixed(1)}`).join(' ');
  const last = props.trail.at(-1)!;
  return (
    <Chart viewBox="0 0 640 260" role="img" aria-label="chart" preserveAspectRatio="none">
      {[max, (max + min) / 2, min].map((v) => (
        <g key={v}>
          <line x1="0" x2="560" y1={y(v)} y2={y(v)} stroke="#2b3139" strokeWidth="0.5" />
          <text x="566" y={y(v) + 3} fontSize="9" fill="#707a8a">{label(v)}</text>
        </g>
      ))}
      {levels.map((c) => (
        <g key={c.id}>
          <line x1="0" x2="560" y1={y(Number(c.buy_price))} y2={y(Number(c.buy_price))} stroke={c.direction === 'up' ? '#0ecb81' : '#f6465d'} strokeDasharray="4 3" strokeWidth="1" />
          <text x="4" y={y(Number(c.buy_price)) - 3} fontSize="9" fill={c.direction === 'up' ? '#0ecb81' : '#f6465d'}>
            #{c.id} {c.direction === 'up' ? '▲' : '▼'} {label(c.buy_price)}
          </text>
        </g>
      ))}
      <polyline points={points} fill="none" stroke="#f0b90b" strokeWidth="1.6" />
      <rect x="562" y={y(Number(last)) - 7} width="76" height="14" rx="2" fill="#f0b90b" />
      <text x="566" y={y(Number(last)) + 3} fontSize="10" fill="#0b0e11" fontWeight="700">{label(last)}</text>
    </Chart>
  );
}

/** How the settle price is made (docs/API.md): folded, so the desk stays short. */
function SettleRule() {
  const { t } = useTranslation();
  return (
    <Box aria-label={t('seconds.settleRule.title')}>
      <details>
        <summary style={{ cursor: 'pointer', fontSize: 12, fontWeight: 600 }}>{t('seconds.settleRule.title')}</summary>
        <div className="dim" style={{ fontSize: 12, lineHeight: 1.5 }}>
          <p>{t('seconds.settleRule.book')}</p>
          <p>{t('seconds.settleRule.fallback')}</p>
          <p style={{ marginBottom: 0 }}>{t('seconds.settleRule.limits')}</p>
        </div>
      </details>
    </Box>
  );
}

function Ticket(props: { ticketRef: SecondsContractActorRef }) {
  const { t } = useTranslation();
  const session = useSessionFlow();
  const ticket = useSecondsTicket(props.ticketRef);
  const { context, period } = ticket;
  const config = context.data?.config;
  const account = context.data?.account;
  const estimate = period && ticket.problem === undefined ? estimatedProfit(context.quantity.trim(), period.payout_rate) : undefined;
  const busy = ticket.submitting || ticket.acknowledging;
  return (
    <Box aria-label={t('seconds.ticket')} aria-busy={ticket.loading}>
      <h2>{t('seconds.period')}</h2>
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
        {t('seconds.stake', { currency: SECONDS_CURRENCY })}
        <input inputMode="decimal" aria-label={t('seconds.stake', { currency: SECONDS_CURRENCY })} value={context.quantity} onChange={(e) => ticket.setQuantity(e.target.value)} />
      </Field>
      <Row>
        <span>{t('seconds.limits')}</span>
        <b>{period ? `${usdt(period.min_stake)} – ${usdt(period.max_stake)}` : '—'}</b>
      </Row>
      <Row>
        <span>{t('seconds.available')}</span>
        <b data-testid="seconds-available">{account ? `${usdt(account.available)} ${SECONDS_CURRENCY}` : '—'}</b>
      </Row>
      <Row>
        <span>{t('seconds.payoutRate')}</span>
        <b>{ratioPercent(period?.payout_rate)}</b>
      </Row>
      <Row>
        <span>{t('seconds.estimatedProfit')}</span>
        <b className="up" data-testid="seconds-estimate">{estimate ? `${signedUsdt(estimate)} ${SECONDS_CURRENCY}` : '—'}</b>
      </Row>
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
        <p style={{ fontSize: 12, marginTop: 10 }}>
          <Link to="/login">{t('nav.login')}</Link> · <Link to="/reg">{t('nav.register')}</Link>
        </p>
      )}
      {account && (
        <div style={{ marginTop: 10, borderTop: '1px solid rgba(128,128,128,.2)', paddingTop: 8 }}>
          <Row>
            <span>{t('seconds.frozen')}</span>
            <b>{usdt(account.frozen)}</b>
          </Row>
          <Row>
            <span>{t('seconds.todayResult')}</span>
            <b className={figureTone(account.today_profit)}>{signedUsdt(account.today_profit)}</b>
          </Row>
          <Row>
            <span />
            <Link to={`/wallet/transfer?currency=USDT&from=spot`} style={{ fontSize: 12 }}>{t('seconds.transferIn')}</Link>
          </Row>
        </div>
      )}
      {ticket.riskWarning && (
        <Dialog
          title={t('seconds.risk.title')}
          onClose={ticket.cancel}
          footer={
            <>
              <Button $variant="ghost" onClick={ticket.cancel}>{t('common.cancel')}</Button>
              <Button disabled={busy} onClick={ticket.acceptRisk}>{t('seconds.risk.accept')}</Button>
            </>
          }
        >
          <p>{t('seconds.risk.body1')}</p>
          <p>{t('seconds.risk.body2')}</p>
          <p>{t('seconds.risk.body3')}</p>
        </Dialog>
      )}
      {(ticket.confirming || ticket.submitting) && period && (
        <ConfirmDialog
          title={t('seconds.confirm.title')}
          cancelLabel={t('common.cancel')}
          confirmLabel={t('seconds.confirm.buy')}
          busy={ticket.submitting}
          onConfirm={ticket.confirm}
          onCancel={ticket.cancel}
        >
          <Row>
            <span>{t('seconds.direction')}</span>
            <b className={tone(context.direction)}>{t(`seconds.${context.direction}`)}</b>
          </Row>
          <Row>
            <span>{t('seconds.period')}</span>
            <b>{t('seconds.periodSeconds', { seconds: period.period })}</b>
          </Row>
          <Row>
            <span>{t('seconds.stake', { currency: SECONDS_CURRENCY })}</span>
            <b>{usdt(context.quantity)}</b>
          </Row>
          <Row>
            <span>{t('seconds.estimatedProfit')}</span>
            <b className="up">{signedUsdt(estimatedProfit(context.quantity, period.payout_rate))}</b>
          </Row>
          <p className="dim" style={{ fontSize: 12 }}>{t('seconds.confirm.note')}</p>
        </ConfirmDialog>
      )}
    </Box>
  );
}

/** A bought contract: countdown, buy vs current price and floating result; then the settled result. */
function ContractCard(props: { ticketRef: SecondsContractActorRef; price: string | undefined; places: number }) {
  const { t } = useTranslation();
  const ticket = useSecondsTicket(props.ticketRef);
  const c: SecondsContract | undefined = ticket.context.contract;
  if (!c) return null;
  const current = props.price;
  const floating = current ? floatingOutcome(c.direction, c.buy_price, current) : undefined;
  const result = c.outcome ?? floating;
  const cardTone = result === 'win' ? 'up' : result === 'loss' ? 'down' : 'dim';
  const share = Math.min(100, Math.max(0, (ticket.remainingSeconds / c.period) * 100));
  return (
    <Card $tone={cardTone} data-testid="seconds-card" data-state={ticket.settled ? 'settled' : ticket.failed ? 'failed' : ticket.awaiting ? 'awaiting' : 'counting'}>
      <header>
        <b>
          {c.symbol.replace('_', '/')} · <span className={tone(c.direction)}>{c.direction === 'up' ? '▲' : '▼'} {t(`seconds.${c.direction}`)}</span> · {t('seconds.periodSeconds', { seconds: c.period })}
        </b>
        <span className="dim">#{c.id}</span>
      </header>
      {ticket.countingDown && (
        <>
          <div className="clock" data-testid="seconds-countdown" aria-label={t('seconds.countdown')}>
            {t('seconds.secondsLeft', { seconds: ticket.remainingSeconds })}
          </div>
          <div className="bar">
            <span style={{ width: `${share}%` }} />
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
        <div className={`result ${cardTone}`} data-testid="seconds-result">
          {(c.outcome ? t(OUTCOME_KEYS[c.outcome]) : '')} {signedUsdt(c.profit)} {SECONDS_CURRENCY}
        </div>
      )}
      <Row>
        <span>{t('seconds.buyPrice')}</span>
        <b>{priceFigure(c.buy_price, props.places)}</b>
      </Row>
      <Row>
        <span>{ticket.settled ? t('seconds.settlePrice') : t('seconds.currentPrice')}</span>
        <b>{priceFigure(ticket.settled ? c.settle_price : current, props.places)}</b>
      </Row>
      <Row>
        <span>{t('seconds.stake', { currency: SECONDS_CURRENCY })}</span>
        <b>{usdt(c.quantity)}</b>
      </Row>
      {!ticket.settled && current && (
        <Row>
          <span>{t('seconds.floating')}</span>
          <b className={floating === 'win' ? 'up' : floating === 'loss' ? 'down' : ''}>
            {signedUsdt(floating === 'win' ? c.estimated_profit : floating === 'loss' ? `-${c.quantity}` : '0')} ({priceFigure(subDecimal(current, c.buy_price), props.places)})
          </b>
        </Row>
      )}
    </Card>
  );
}
