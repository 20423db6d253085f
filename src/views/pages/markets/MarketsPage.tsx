import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { futureTickChannel } from '../../../domain/api';
import { formatPercent } from '../../../domain/decimal';
import { useAppFlow, useFiat } from '../../app/hooks';
import { DataTable } from '../../ui/DataTable';
import { Panel, PanelHeader } from '../../ui/Panel';
import { buildMarketRows, type MarketRow } from '../marketRows';

const Tabs = styled.div`
  display: flex;
  gap: 4px;
  a {
    padding: 6px 12px;
    border-radius: 4px;
    color: ${({ theme }) => theme.color.textDim};
    font-weight: 600;
  }
  a[aria-selected='true'] { color: ${({ theme }) => theme.color.text}; background: ${({ theme }) => theme.color.hover}; }
`;

const Search = styled.input`
  background: ${({ theme }) => theme.color.panelRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 4px;
  padding: 5px 10px;
  width: 220px;
`;

/** /markets: the currency market and futures market tabs with the columns of spec §2. */
export function MarketsPage() {
  const { t } = useTranslation();
  const appFlow = useAppFlow();
  const fiat = useFiat();
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'futures' ? 'futures' : 'spot';
  // The search text only filters what is already on screen: presentation, not a flow.
  const [query, setQuery] = useState('');
  const pairs = tab === 'futures' ? appFlow.pairs.filter((p) => p.contract_status === 1) : appFlow.pairs;
  const rows = buildMarketRows(pairs, appFlow.currencies, appFlow.tickers).filter((r) =>
    r.symbol.toLowerCase().includes(query.trim().toLowerCase()),
  );
  const linkFor = (r: MarketRow) => (tab === 'futures' ? `/contract/${r.key.toLowerCase()}` : `/markets/kline/${r.key}`);
  const futureTick = (r: MarketRow) => appFlow.tickers[futureTickChannel(r.pair.left_symbol, r.pair.right_symbol)];
  const tickOf = (r: MarketRow) => (tab === 'futures' ? futureTick(r) : r.tick);
  return (
    <Panel>
      <PanelHeader>
        <Tabs role="tablist">
          <Link to="/markets" role="tab" aria-selected={tab === 'spot'}>
            {t('markets.spotTab')}
          </Link>
          <Link to="/markets?tab=futures" role="tab" aria-selected={tab === 'futures'}>
            {t('markets.futuresTab')}
          </Link>
        </Tabs>
        <Search type="search" placeholder={t('markets.search')} aria-label={t('markets.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
      </PanelHeader>
      <DataTable<MarketRow>
        label={t(tab === 'futures' ? 'markets.futuresTab' : 'markets.spotTab')}
        rows={rows}
        rowKey={(r) => r.key}
        columns={[
          { key: 'col.name', render: (r) => <Link to={linkFor(r)}><strong>{r.pair.left_symbol}</strong>/{r.pair.right_symbol}</Link> },
          {
            key: 'col.price',
            align: 'right',
            render: (r) => (
              <span className="num">
                {(tickOf(r)?.close ?? r.price) || '—'}
                {r.priceUsdt && <small style={{ opacity: 0.6 }}> ≈ {fiat.format(r.priceUsdt)}</small>}
              </span>
            ),
          },
          {
            key: 'col.change24h',
            align: 'right',
            render: (r) => {
              const inc = tickOf(r)?.increase;
              return inc ? <span className={`num ${inc.startsWith('-') ? 'down' : 'up'}`}>{formatPercent(inc)}</span> : <span className="num">—</span>;
            },
          },
          {
            key: 'col.highLow24h',
            align: 'right',
            render: (r) => {
              const tick = tickOf(r);
              return <span className="num">{tick ? `${tick.high} / ${tick.low}` : '—'}</span>;
            },
          },
          { key: 'col.volume24h', align: 'right', render: (r) => <span className="num">{tickOf(r)?.amount ?? '—'}</span> },
          { key: 'col.marketValue', align: 'right', render: (r) => <span className="num">{r.marketValueUsdt ? fiat.format(r.marketValueUsdt) : '—'}</span> },
        ]}
      />
    </Panel>
  );
}
