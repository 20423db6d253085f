import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { spotTickChannel, type Currency, type Pair } from '../../../../../domain/api';
import { percent, price, tone } from '../../../../../domain/figures';
import { marketFigures } from '../../../../../domain/marketFigures';
import { useAppFlow, useFiat, useQuoteUsdtPrice, useTicker } from '../../../../app/views/hooks';
import { DataTable } from '../../../../app/ui/DataTable';
import { PHONE } from '../../../../app/theme';

/**
 * /home's live parts: the hot cards and the trends table. HomePage read every pair's ticks itself,
 * so each frame a tick arrived in re-rendered the whole page — hero, panels, the table and every
 * row's links — at about the cost of the trade page's book and chart (bench/README.md "/home's
 * ticks"). Here the rows are the pair list (they change when it does) and each figure is a cell
 * that reads its own pair's tick (useTicker): a tick redraws the few cells of its pair, and the
 * cards and table render again only with the lists or the language (useTranslation: the figures'
 * number style follows the texts' language, set before the views render: src/services/i18n.ts).
 */

/** A row: the pair and its base currency (its reference price and supply), both from the startup's lists. */
interface HomeRow {
  key: string;
  pair: Pair;
  base: Currency | undefined;
}

/** The tradable pairs as rows (built when the cards or table render: with the lists or the language, not at a tick). */
function useHomeRows(): HomeRow[] {
  const { pairs, currencies } = useAppFlow();
  return pairs.filter((p) => p.trade_status === 1).map((pair) => ({ key: `${pair.left_symbol}_${pair.right_symbol}`, pair, base: currencies.find((c) => c.symbol === pair.left_symbol) }));
}

/** A row's live figures: its pair's tick, and the price, USDT value and market value that follow from it. */
function useLiveFigures(row: HomeRow) {
  const tick = useTicker(spotTickChannel(row.pair.left_symbol, row.pair.right_symbol));
  const quoteUsdt = useQuoteUsdtPrice(row.pair);
  return { tick, ...marketFigures(row.pair, row.base, tick, tick, quoteUsdt) };
}

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 12px;
  margin-bottom: 16px;
  ${PHONE} { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
`;

const Card = styled(Link)`
  display: block;
  padding: 12px 14px;
  background: ${({ theme }) => theme.color.panel};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  &:hover { border-color: ${({ theme }) => theme.color.accent}; }
  .pair { color: ${({ theme }) => theme.color.textDim}; font-weight: 600; }
  .price { font-size: 20px; margin: 4px 0 0; }
  .fiat { font-size: 12px; color: ${({ theme }) => theme.color.textDim}; margin-bottom: 2px; min-height: 1.45em; }
  ${PHONE} { padding: 10px; .price { font-size: 16px; overflow-wrap: anywhere; } }
`;

/**
 * The trends table where it is narrow (a phone, a tablet's column; under 600 px, by its own width):
 * the name, the last price with its fiat value under it, and the change. Its five columns scrolled
 * sideways there, the 24h change's header cut at the edge ("24s değişi›") and the market value out
 * of view; the full list with every column is /markets.
 */
const Trends = styled.div`
  container-type: inline-size;
  .under { display: none; }
  @container (max-width: 599px) {
    .wide { display: none; }
    .under { display: block; font-size: 11px; color: ${({ theme }) => theme.color.textDim}; }
  }
`;

function Change(props: { row: HomeRow }) {
  const increase = useTicker(spotTickChannel(props.row.pair.left_symbol, props.row.pair.right_symbol))?.increase;
  return <span className={`num ${tone(increase)}`}>{percent(increase)}</span>;
}

function HotCard({ row }: { row: HomeRow }) {
  const fiat = useFiat();
  const live = useLiveFigures(row);
  return (
    <Card to={`/markets/kline/${row.key}`}>
      <div className="pair">
        {row.pair.left_symbol}/{row.pair.right_symbol}
      </div>
      {/* The last price in the quote currency is there with the first answer (the live close, or the
          currency list's reference price); its value in the pricing currency follows when the rate has loaded. */}
      <div className="price num" data-testid={`hot-price-${row.key}`}>
        {price(live.price, row.pair.price_precision)}
      </div>
      <div className="fiat num" data-testid={`hot-fiat-${row.key}`}>
        {live.priceUsdt && fiat.ready ? `≈ ${fiat.format(live.priceUsdt)}` : ''}
      </div>
      <Change row={row} />
    </Card>
  );
}

/** The first four hot pairs, each a card with its last price, its value in the pricing currency and its change. */
export function HotCards() {
  useTranslation();
  const rows = useHomeRows();
  return (
    <Cards>
      {rows
        .filter((r) => r.pair.is_hot === 1)
        .slice(0, 4)
        .map((r) => (
          <HotCard key={r.key} row={r} />
        ))}
    </Cards>
  );
}

function LastPrice({ row }: { row: HomeRow }) {
  const fiat = useFiat();
  const live = useLiveFigures(row);
  return (
    <>
      <span className="num">{price(live.price, row.pair.price_precision)}</span>
      <span className="num under">{live.priceUsdt ? fiat.format(live.priceUsdt) : ''}</span>
    </>
  );
}

/** One of the row's figures in the pricing currency: its last price's value, or its market value. */
function FiatFigure(props: { row: HomeRow; of: 'priceUsdt' | 'marketValueUsdt'; testId?: string }) {
  const fiat = useFiat();
  const usdt = useLiveFigures(props.row)[props.of];
  return (
    <span className="num" data-testid={props.testId}>
      {usdt ? fiat.format(usdt) : '—'}
    </span>
  );
}

/** Every tradable pair: name, last price, its value in the pricing currency, 24-hour change and market value. */
export function TrendsTable() {
  const { t } = useTranslation();
  const rows = useHomeRows();
  return (
    <Trends>
      <DataTable<HomeRow>
        label={t('home.trends')}
        rows={rows}
        rowKey={(r) => r.key}
        columns={[
          {
            key: 'col.name',
            render: (r) => (
              <Link to={`/markets/kline/${r.key}`}>
                <strong>{r.pair.left_symbol}</strong>/{r.pair.right_symbol}
              </Link>
            ),
          },
          { key: 'col.lastPrice', align: 'right', render: (r) => <LastPrice row={r} /> },
          { key: 'col.fiatPrice', align: 'right', className: 'wide', render: (r) => <FiatFigure row={r} of="priceUsdt" testId={`fiat-${r.key}`} /> },
          { key: 'col.change24h', align: 'right', render: (r) => <Change row={r} /> },
          { key: 'col.marketValue', align: 'right', className: 'wide', render: (r) => <FiatFigure row={r} of="marketValueUsdt" /> },
        ]}
      />
    </Trends>
  );
}
