import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { money, percent, price, tone } from '../../../../../domain/figures';
import { useAppFlow, useFiat, useSessionFlow, useTickers } from '../../../../app/views/hooks';
import { AppQrCodes } from '../../../../app/ui/AppQrCodes';
import { Button } from '../../../../app/ui/Button';
import { DataTable } from '../../../../app/ui/DataTable';
import { Muted, Panel, PanelBody, PanelHeader } from '../../../../app/ui/Panel';
import { buildMarketRows, type MarketRow } from '../../../../../domain/marketRows';
import { PHONE } from '../../../../app/theme';

const Hero = styled.section`
  display: grid;
  grid-template-columns: 1.3fr 1fr;
  gap: 16px;
  margin-bottom: 16px;
  h1 { font-size: 30px; margin: 8px 0 10px; line-height: 1.2; }
  .cta { display: flex; gap: 10px; margin-top: 18px; flex-wrap: wrap; }
  ${PHONE} {
    grid-template-columns: minmax(0, 1fr);
    h1 { font-size: 24px; }
  }
`;

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

const Side = styled.div`
  display: grid;
  gap: 16px;
  align-content: start;
`;


const Two = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2.2fr) minmax(0, 1fr);
  gap: 16px;
  ${PHONE} { grid-template-columns: minmax(0, 1fr); }
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

function Change(props: { row: MarketRow }) {
  const inc = props.row.tick?.increase;
  return <span className={`num ${tone(inc)}`}>{percent(inc)}</span>;
}

/** /home: market trends, minimum purchase, app download, start trading, register. */
export function HomePage() {
  const { t } = useTranslation();
  const appFlow = useAppFlow();
  const fiat = useFiat();
  const session = useSessionFlow();
  const tickers = useTickers();
  const rows = buildMarketRows(appFlow.pairs, appFlow.currencies, tickers);
  const hot = rows.filter((r) => r.pair.is_hot === 1).slice(0, 4);
  const legal = appFlow.currencies.filter((c) => c.legal_status === 1).map((c) => c.symbol);
  const download = appFlow.config?.config.download;
  const trust = appFlow.config?.config.name_check;
  return (
    <>
      <Hero>
        <Panel>
          <PanelBody style={{ padding: '22px 24px' }}>
            <h1>{t('home.headline')}</h1>
            <Muted>{t('home.subline')}</Muted>
            <div className="cta">
              <Button as={Link} to="/markets/kline/BTC_USDT">
                {t('home.startTrading')}
              </Button>
              {!session.hasSession && (
                <Button as={Link} to="/reg" $variant="ghost">
                  {t('nav.register')}
                </Button>
              )}
            </div>
          </PanelBody>
        </Panel>
        <Panel>
          <PanelHeader>
            <h2>{t('home.minPurchase')}</h2>
          </PanelHeader>
          <PanelBody>
            <Muted>{t('home.minPurchaseText', { currencies: legal.join(', ') })}</Muted>
            {trust && (
              <p className="num">
                {t('home.unverifiedLimit')}: {money(String(trust.trust_uncheck), 'USDT')} USDT · {t('home.verifiedLimit')}:{' '}
                {money(String(trust.trust_total), 'USDT')} USDT
              </p>
            )}
            <Button as={Link} to="/deal">
              {t('nav.fiatBuy')}
            </Button>
          </PanelBody>
        </Panel>
      </Hero>
      <Cards>
        {hot.map((r) => (
          <Card key={r.key} to={`/markets/kline/${r.key}`}>
            <div className="pair">{r.symbol}</div>
            {/* The last price in the quote currency is there with the first answer (the live close, or the
                currency list's reference price); its value in the pricing currency follows when the rate has loaded. */}
            <div className="price num" data-testid={`hot-price-${r.key}`}>
              {price(r.price, r.pair.price_precision)}
            </div>
            <div className="fiat num" data-testid={`hot-fiat-${r.key}`}>
              {r.priceUsdt && fiat.ready ? `≈ ${fiat.format(r.priceUsdt)}` : ''}
            </div>
            <Change row={r} />
          </Card>
        ))}
      </Cards>
      <Two>
        <Panel>
          <PanelHeader>
            <h2>{t('home.trends')}</h2>
            <Link to="/markets">{t('home.allMarkets')} →</Link>
          </PanelHeader>
          <Trends>
            <DataTable<MarketRow>
              label={t('home.trends')}
              rows={rows}
              rowKey={(r) => r.key}
              columns={[
                { key: 'col.name', render: (r) => <Link to={`/markets/kline/${r.key}`}><strong>{r.pair.left_symbol}</strong>/{r.pair.right_symbol}</Link> },
                {
                  key: 'col.lastPrice',
                  align: 'right',
                  render: (r) => (
                    <>
                      <span className="num">{price(r.price, r.pair.price_precision)}</span>
                      <span className="num under">{r.priceUsdt ? fiat.format(r.priceUsdt) : ''}</span>
                    </>
                  ),
                },
                { key: 'col.fiatPrice', align: 'right', className: 'wide', render: (r) => <span className="num" data-testid={`fiat-${r.key}`}>{r.priceUsdt ? fiat.format(r.priceUsdt) : '—'}</span> },
                { key: 'col.change24h', align: 'right', render: (r) => <Change row={r} /> },
                { key: 'col.marketValue', align: 'right', className: 'wide', render: (r) => <span className="num">{r.marketValueUsdt ? fiat.format(r.marketValueUsdt) : '—'}</span> },
              ]}
            />
          </Trends>
        </Panel>
        <Side>
          <Panel>
            <PanelHeader>
              <h2>{t('home.appDownload')}</h2>
            </PanelHeader>
            <PanelBody>
              {download && <AppQrCodes download={download} />}
            </PanelBody>
          </Panel>
          {!session.hasSession && (
            <Panel>
              <PanelBody>
                <h3 style={{ margin: '0 0 6px' }}>{t('home.registerTitle')}</h3>
                <Muted>{t('home.registerText')}</Muted>
                <p>
                  <Button as={Link} to="/reg">
                    {t('nav.register')}
                  </Button>
                </p>
              </PanelBody>
            </Panel>
          )}
        </Side>
      </Two>
    </>
  );
}
