import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SECONDS_CURRENCY, type SecondsContract } from '../../../../domain/seconds';
import { spotTickChannel } from '../../../../domain/api';
import { useAppFlow, useTickers } from '../../../app/views/hooks';
import { DataTable } from '../../../app/ui/DataTable';
import { DaysFilter, Pager } from '../../../app/ui/RecordFilters';
import { Panel, PanelBody, PageTitle } from '../../../app/ui/Panel';
import { Button } from '../../../app/ui/Button';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { money, price, signedMoney, tone } from '../../../../domain/figures';
import { formatDateTime } from '../../../../domain/localeFormat';
import { OUTCOME_KEYS, useSecondsEnabled, useSecondsOrders } from '../seconds.hooks';
import { pricePlaces } from './secondsFigures';

const time = (ms: number, lang: string) => formatDateTime(ms, lang);
/** Stakes and profits are USDT amounts (domain/figures.ts). */
const usdt = (value: string | null | undefined) => money(value, SECONDS_CURRENCY);

/** /order/sec-current and /order/sec-history: every field of spec §3's seconds order. */
export function SecondsOrdersPage(props: { mode: 'current' | 'history' }) {
  if (!useSecondsEnabled()) return <NotFoundPage />;
  return <Orders key={props.mode} mode={props.mode} />;
}

function Orders(props: { mode: 'current' | 'history' }) {
  const { t, i18n } = useTranslation();
  const orders = useSecondsOrders(props.mode);
  const { pairs } = useAppFlow();
  const tickers = useTickers();
  /** The pair's live price, for an open contract's "current price" (spec §3). */
  const livePrice = (symbol: string) => {
    const [left = '', right = ''] = symbol.split('_');
    return tickers[spotTickChannel(left, right)]?.close;
  };
  /** A price of the contract's pair, at the pair's precision. */
  const px = (symbol: string, value: string | null | undefined) => {
    const [left = '', right = ''] = symbol.split('_');
    return price(value, pricePlaces(pairs, left, right));
  };
  const history = props.mode === 'history';
  const title = t(history ? 'page.order.secHistory' : 'page.order.secCurrent');
  return (
    <Panel>
      <PanelBody>
        {/* Wraps: beside a long title the day presets went to its line's end and were cut off on a phone. */}
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
          <PageTitle>{title}</PageTitle>
          {history ? <DaysFilter days={orders.days} onChange={orders.setDays} /> : <Link to="/contract_sec/btc_usdt">{t('seconds.trade')} →</Link>}
        </div>
        <DataTable<SecondsContract>
          label={title}
          rows={orders.rows}
          emptyKey={orders.loading ? 'common.loading' : history ? 'seconds.emptyHistory' : 'seconds.emptyCurrent'}
          columns={[
            { key: 'col.time', render: (r) => <span className="num">{time(r.accepted_at, i18n.language)}</span> },
            { key: 'col.pair', render: (r) => r.symbol.replace('_', '/') },
            { key: 'col.direction', render: (r) => <span className={r.direction}>{t(`seconds.${r.direction}`)}</span> },
            { key: 'seconds.col.period', render: (r) => t('seconds.periodSeconds', { seconds: r.period }) },
            { key: 'col.buyPrice', align: 'right', render: (r) => <span className="num">{px(r.symbol, r.buy_price)}</span> },
            { key: 'col.paid', align: 'right', render: (r) => <span className="num">{usdt(r.quantity)} {SECONDS_CURRENCY}</span> },
            history
              ? { key: 'col.settlePrice', align: 'right', render: (r) => <span className="num">{px(r.symbol, r.settle_price)}</span> }
              : { key: 'col.currentPrice', align: 'right', render: (r) => <span className="num">{px(r.symbol, livePrice(r.symbol))}</span> },
            ...(history ? [] : [{ key: 'col.countdown', align: 'right' as const, render: (r: SecondsContract) => <span className="num">{t('seconds.secondsLeft', { seconds: orders.remaining(r.expires_at) })}</span> }]),
            { key: 'col.estProfit', align: 'right', render: (r) => <span className="num up">{signedMoney(r.estimated_profit, SECONDS_CURRENCY)}</span> },
            ...(history
              ? [
                  { key: 'col.outcome', render: (r: SecondsContract) => <span className={r.outcome === 'win' ? 'up' : r.outcome === 'loss' ? 'down' : ''}>{(r.outcome ? t(OUTCOME_KEYS[r.outcome]) : '')}</span> },
                  { key: 'col.profit', align: 'right' as const, render: (r: SecondsContract) => <span className={`num ${tone(r.profit)}`}>{signedMoney(r.profit, SECONDS_CURRENCY)}</span> },
                  { key: 'seconds.col.settleInfo', render: (r: SecondsContract) => <span className="num dim">{r.settled_at ? time(r.settled_at, i18n.language) : ''}</span> },
                ]
              : []),
          ]}
        />
        {orders.failed && (
          <p role="alert">
            <Button $small $variant="ghost" onClick={orders.retry}>{t('common.retry')}</Button>
          </p>
        )}
        <Pager page={orders.page} size={orders.size} total={orders.total} onPage={orders.setPage} />
      </PanelBody>
    </Panel>
  );
}
