import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { money } from '../../../../../domain/figures';
import { useAppFlow, useSessionFlow } from '../../../../app/views/hooks';
import { AppQrCodes } from '../../../../app/ui/AppQrCodes';
import { Button } from '../../../../app/ui/Button';
import { Muted, Panel, PanelBody, PanelHeader } from '../../../../app/ui/Panel';
import { HotCards, TrendsTable } from './HomeMarkets';
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

/** /home: market trends, minimum purchase, app download, start trading, register. */
export function HomePage() {
  const { t } = useTranslation();
  const appFlow = useAppFlow();
  const session = useSessionFlow();
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
      <HotCards />
      <Two>
        <Panel>
          <PanelHeader>
            <h2>{t('home.trends')}</h2>
            <Link to="/markets">{t('home.allMarkets')} →</Link>
          </PanelHeader>
          <TrendsTable />
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
