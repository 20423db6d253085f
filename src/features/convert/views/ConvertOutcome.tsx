import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ConvertQuote, ConvertResult } from '../../../../domain/convert';
import { compareDecimal, isDecimalString } from '../../../../domain/decimal';
import type { ToastMessage } from '../../../../domain/errors';
import { ratePercent } from '../../../../domain/fees';
import { fee, money, unitPrice } from '../../../../domain/figures';
import { Button } from '../../../app/ui/Button';
import { DetailFact, DetailFacts } from '../../../app/ui/DetailFacts';
import type { useConvertFlow } from '../convert.hooks';

type Flow = ReturnType<typeof useConvertFlow>;

const Card = styled.section<{ $tone?: 'up' | 'down' | 'warn' }>`
  display: grid;
  gap: 10px;
  max-width: 820px;
  margin: 6px 0;
  padding: 10px 12px;
  background: ${({ theme }) => theme.color.panelRaised}80;
  border: 1px solid ${({ theme, $tone }) => ($tone ? theme.color[$tone] : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius};
  h2 { margin: 0 !important; }
  dl div { align-content: start; }
  dd { font-variant-numeric: tabular-nums; }
  .bound { display: block; font-weight: 400; font-size: 11px; color: ${({ theme }) => theme.color.textDim}; }
  .rate { display: block; }
  .note { margin: 0; font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  .bar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; }
  .bar p { margin: 0; flex: 1 1 auto; }
  .timer { font-variant-numeric: tabular-nums; color: ${({ theme }) => theme.color.textDim}; }
  .expired, .down { color: ${({ theme }) => theme.color.down}; }
  .warn { color: ${({ theme }) => theme.color.warn}; }
  .up { color: ${({ theme }) => theme.color.up}; }
`;

/** An amount with its currency, as every figure of the quote reads. */
const amountOf = (value: string, currency: string) => `${money(value, currency)} ${currency}`;

/**
 * What the flow has to show beyond the form: the quote (live, with its seconds and Convert, or
 * expired, with Refresh), what accepting it did (converted, or moved past the quote), or the
 * server's refusal, each with the way on (a new quote, a new conversion). Nothing while editing.
 */
export function ConvertOutcome(props: { flow: Flow }) {
  const { flow } = props;
  if (flow.quote) return <QuoteCard flow={flow} quote={flow.quote} />;
  if (flow.stage === 'converted' && flow.result) return <ConvertedCard flow={flow} result={flow.result} />;
  if (flow.stage === 'moved') return <Said flow={flow} tone="warn" testId="convert-moved" message={{ key: 'convert.moved' }} />;
  if (flow.stage === 'refused' && flow.refusal) return <Said flow={flow} tone="down" testId="convert-refusal" message={flow.refusal} />;
  return null;
}

/** The quote: what is paid and received (with their bounds where they differ from the book's figure), the rate both ways and the fee; then its seconds and Convert, or that it expired and Refresh. */
function QuoteCard(props: { flow: Flow; quote: ConvertQuote }) {
  const { t } = useTranslation();
  const { flow, quote: q } = props;
  const expired = flow.stage === 'expired';
  const accepting = flow.stage === 'accepting';
  return (
    <Card aria-label={t('convert.quote')} data-testid="convert-quote">
      <DetailFacts>
        <DetailFact label={t('convert.youPay')} testId="convert-pay">
          {amountOf(q.pay_expected, q.from)}
          {compareDecimal(q.pay_max, q.pay_expected) !== 0 && <span className="bound">{t('convert.atMost', { amount: amountOf(q.pay_max, q.from) })}</span>}
        </DetailFact>
        <DetailFact label={t('convert.youReceive')} testId="convert-receive">
          {amountOf(q.receive_expected, q.to)}
          {compareDecimal(q.receive_min, q.receive_expected) !== 0 && <span className="bound">{t('convert.atLeast', { amount: amountOf(q.receive_min, q.to) })}</span>}
        </DetailFact>
        <DetailFact label={t('convert.rate')} testId="convert-rate">
          <span className="rate">
            1 {q.from} ≈ {unitPrice(q.rate, q.to)} {q.to}
          </span>
          <span className="bound">
            1 {q.to} ≈ {unitPrice(q.inverse_rate, q.from)} {q.from}
          </span>
        </DetailFact>
        <DetailFact label={t('convert.fee')} testId="convert-fee">
          {t('convert.feeRate', { rate: ratePercent(q.fee_rate), currency: q.fee_currency })}
        </DetailFact>
      </DetailFacts>
      {q.side === 'buy' && isDecimalString(flow.amount.trim()) && compareDecimal(flow.amount.trim(), q.pay_max) > 0 && (
        // A buy spends less than asked (whole steps of `to`, room for the price): said, or "you pay" reads as a mistake.
        <p className="note" data-testid="convert-spend-note">
          {t('convert.spendNote', { asked: amountOf(flow.amount.trim(), q.from), max: amountOf(q.pay_max, q.from), to: q.to })}
        </p>
      )}
      <div className="bar">
        {expired ? (
          <>
            <p className="expired" role="status">
              {t('convert.expired')}
            </p>
            <Button type="button" onClick={flow.refresh}>
              {t('convert.refresh')}
            </Button>
          </>
        ) : (
          <>
            {/* A timer: read when asked, not announced each second. */}
            <p className="timer" role="timer" data-testid="convert-countdown">
              {t('convert.validFor', { seconds: flow.remaining })}
            </p>
            <Button type="button" disabled={accepting} aria-busy={accepting} onClick={flow.accept}>
              {accepting ? t('convert.converting') : t('convert.convert')}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}

/** The swap done: what was paid and received, the fee, the spot order that carried it, and a new conversion. */
function ConvertedCard(props: { flow: Flow; result: ConvertResult }) {
  const { t } = useTranslation();
  const r = props.result;
  return (
    <Card $tone="up" aria-labelledby="convert-done" data-testid="convert-converted">
      <h2 id="convert-done" className="up" role="status">
        {t('convert.converted')}
      </h2>
      <DetailFacts>
        <DetailFact label={t('convert.paid')}>{amountOf(r.paid, r.from)}</DetailFact>
        <DetailFact label={t('convert.received')}>{amountOf(r.received, r.to)}</DetailFact>
        <DetailFact label={t('convert.fee')}>
          {fee(r.fee, r.to)} {r.to}
        </DetailFact>
        <DetailFact label={t('convert.order')}>
          <Link to={`/order/spot-detail/${r.order_id}`}>{t('convert.viewOrder', { id: r.order_id })}</Link>
        </DetailFact>
      </DetailFacts>
      <div className="bar">
        <Button type="button" onClick={props.flow.new}>
          {t('convert.new')}
        </Button>
      </div>
    </Card>
  );
}

/** Nothing was converted (moved past the quote, or refused: the server's words): said, with a new quote and a new conversion. */
function Said(props: { flow: Flow; tone: 'warn' | 'down'; testId: string; message: ToastMessage }) {
  const { t } = useTranslation();
  const { message } = props;
  return (
    <Card $tone={props.tone}>
      <p className={props.tone} role="alert" data-testid={props.testId} style={{ margin: 0 }}>
        {'key' in message ? t(message.key) : message.text}
      </p>
      <div className="bar">
        <Button type="button" onClick={props.flow.refresh}>
          {t('convert.newQuote')}
        </Button>
        <Button type="button" $variant="ghost" onClick={props.flow.new}>
          {t('convert.new')}
        </Button>
      </div>
    </Card>
  );
}
