import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAppFlow, useFiat, useTickers } from '../../../../app/views/hooks';
import { DataTable, type Column } from '../../../../app/ui/DataTable';
import { Muted, Panel, PanelHeader } from '../../../../app/ui/Panel';
import { buildMarketRows, type MarketRow } from '../../../../../domain/marketRows';
import { DropRow, FavouriteDnd } from './FavouriteDnd';
import { ChangeCell, FiatCell, HighLowCell, PairNameCell, PriceCell, VolumeCell } from './MarketCells';
import { nextSort, sortRows, type SortColumn, type SortState } from './sortRows';
import { useFavourites } from '../../markets.hooks';
import { shownHalt } from '../../../../kit/trade/liveHalt';

type Tab = 'spot' | 'futures' | 'favourites';

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
  border: 1px solid ${({ theme }) => theme.color.fieldBorder};
  border-radius: 4px;
  padding: 5px 10px;
  width: 220px;
  max-width: 100%;
`;

/**
 * The market table where it is narrow (a phone; under 600 px, by its own width): the name, the
 * last price with its value in the trader's currency under it, and the 24h change. Its six columns
 * were 790 px wide on a 390 px phone (814 in German), so the change sat at the edge and the rest
 * out of view, sideways; the high/low, the volume and the market value show from 600 px (a phone
 * turned, a tablet), as /home's trends table does. The halt tag goes under the pair if it must.
 */
const Fitted = styled.div`
  container-type: inline-size;
  @container (max-width: 599px) {
    .wide { display: none; }
    .name { white-space: normal; }
    .name > span { flex-wrap: wrap; }
    .fiat { display: block; font-size: 11px; }
  }
`;

const Hint = styled(Muted)`
  padding: 8px 14px 0;
  font-size: 12px;
`;

const TAB_LABELS: Record<Tab, string> = { spot: 'markets.spotTab', futures: 'markets.futuresTab', favourites: 'markets.favouritesTab' };

/**
 * /markets: the currency market and futures market tabs with the columns of spec §2, plus the
 * trader's favourites (starred, reorderable by drag and drop). Sorting and the search text only
 * arrange what is on screen, so they are presentation state here.
 */
export function MarketsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const appFlow = useAppFlow();
  const tickers = useTickers();
  const fiat = useFiat();
  const favourites = useFavourites();
  const [params] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = tabParam === 'futures' || tabParam === 'favourites' ? tabParam : 'spot';
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState | undefined>();

  // The futures tab's rows carry the futures tick, and their price, fiat price and market value follow it.
  const all = buildMarketRows(appFlow.pairs, appFlow.currencies, tickers, tab === 'futures' ? 'futures' : 'spot');
  const byKey = new Map(all.map((r) => [r.key, r]));
  const inTab = tab === 'favourites' ? favourites.pairs.flatMap((key) => byKey.get(key) ?? []) : all;
  const needle = query.trim().toLowerCase();
  const tickOf = (r: MarketRow) => r.tick;
  const figures = (r: MarketRow) => {
    const tick = tickOf(r);
    return { price: r.price, change: tick?.increase, high: tick?.high, volume: tick?.amount, marketValue: r.marketValueUsdt };
  };
  const rows = sortRows(
    inTab.filter((r) => r.symbol.toLowerCase().includes(needle)),
    sort,
    figures,
  );
  const reorderable = tab === 'favourites' && !sort && needle === '';
  const haltOf = (r: MarketRow) => shownHalt(tab === 'futures' ? r.pair.contract_halted_reason : r.pair.halted_reason, r.tick);
  const linkFor = (r: MarketRow) => (tab === 'futures' ? `/contract/${r.key.toLowerCase()}` : `/markets/kline/${r.key}`);
  const sortable = (column: SortColumn) => ({
    onSort: () => setSort((s) => nextSort(s, column)),
    sorted: sort?.column === column ? sort.direction : undefined,
  });

  const columns: Column<MarketRow>[] = [
    {
      key: 'col.name',
      className: 'name',
      ...sortable('name'),
      render: (r) => (
        <PairNameCell
          pairKey={r.key}
          left={r.pair.left_symbol}
          right={r.pair.right_symbol}
          link={linkFor(r)}
          starred={favourites.pairs.includes(r.key)}
          reorderable={reorderable}
          halt={haltOf(r)}
          onToggle={favourites.toggle}
        />
      ),
    },
    {
      key: 'col.price',
      align: 'right',
      ...sortable('price'),
      render: (r) => <PriceCell price={figures(r).price} precision={r.pair.price_precision} priceUsdt={r.priceUsdt} fiat={fiat} language={language} />,
    },
    { key: 'col.change24h', align: 'right', ...sortable('change'), render: (r) => <ChangeCell increase={tickOf(r)?.increase} language={language} /> },
    {
      key: 'col.highLow24h',
      align: 'right',
      className: 'wide',
      ...sortable('high'),
      render: (r) => <HighLowCell high={tickOf(r)?.high} low={tickOf(r)?.low} precision={r.pair.price_precision} language={language} />,
    },
    { key: 'col.volume24h', align: 'right', className: 'wide', ...sortable('volume'), render: (r) => <VolumeCell amount={tickOf(r)?.amount} precision={r.pair.amount_precision} language={language} /> },
    { key: 'col.marketValue', align: 'right', className: 'wide', ...sortable('marketValue'), render: (r) => <FiatCell usdt={r.marketValueUsdt} fiat={fiat} language={language} /> },
  ];

  const table = (
    <Fitted>
    <DataTable<MarketRow>
      label={t(TAB_LABELS[tab])}
      rows={rows}
      rowKey={(r) => r.key}
      columns={columns}
      emptyKey={tab === 'favourites' && favourites.pairs.length === 0 ? 'markets.noFavourites' : undefined}
      renderRow={reorderable ? (r, cells) => <DropRow id={r.key}>{cells}</DropRow> : undefined}
    />
    </Fitted>
  );

  return (
    <Panel>
      <PanelHeader>
        <Tabs role="tablist">
          {(['spot', 'futures', 'favourites'] as const).map((id) => (
            <Link key={id} to={id === 'spot' ? '/markets' : `/markets?tab=${id}`} role="tab" aria-selected={tab === id}>
              {id === 'favourites' && <span aria-hidden>★ </span>}
              {t(TAB_LABELS[id])}
            </Link>
          ))}
        </Tabs>
        <Search type="search" placeholder={t('markets.search')} aria-label={t('markets.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
      </PanelHeader>
      {tab === 'favourites' && favourites.pairs.length > 1 && <Hint>{t(reorderable ? 'markets.reorderHint' : 'markets.reorderBlocked')}</Hint>}
      {reorderable ? (
        <FavouriteDnd onMove={favourites.move} labelOf={(id) => byKey.get(id)?.symbol ?? id}>
          {table}
        </FavouriteDnd>
      ) : (
        table
      )}
    </Panel>
  );
}
