import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAppFlow } from '../../../app/views/hooks';
import { Muted, PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';
import { FailedLine } from '../../../app/ui/RetryButton';
import { usePriceAlertsFlow } from '../alerts.hooks';
import { AlertForm } from './AlertForm';
import { AlertLists } from './AlertLists';
import { marketOf, marketPairs, symbolOf } from './alertSchema';

const Body = styled(PanelBody)`
  h2 { font-size: 14px; font-weight: 600; margin: 18px 0 6px; }
`;

/**
 * /alerts: a form to be told when a spot pair's or a USDT-M contract's last price rises to or falls
 * to a price, the active alerts with their Cancel, and the recently triggered ones.
 * `?symbol=BTC_USDT&market=futures` (the symbol in any case; spot when no market) preselects the
 * market and the pair; otherwise that market's first pair the app lists.
 */
export function AlertsPage() {
  const { t } = useTranslation();
  const flow = usePriceAlertsFlow();
  const app = useAppFlow();
  const [search] = useSearchParams();
  const initialMarket = marketOf(search.get('market'));
  const pairs = useMemo(() => marketPairs(app.pairs, initialMarket), [app.pairs, initialMarket]);
  const asked = search.get('symbol')?.toUpperCase();
  const initialSymbol = pairs.find((p) => symbolOf(p) === asked) ? asked! : pairs[0] ? symbolOf(pairs[0]) : '';
  return (
    <Panel>
      <Body>
        <PageTitle>{t('alerts.title')}</PageTitle>
        <Muted>{t('alerts.intro')}</Muted>
        {/* Keyed by the preselected market and pair: a link to another pair's alerts starts its form afresh. */}
        <AlertForm key={`${initialMarket}:${initialSymbol}`} flow={flow} pairs={app.pairs} initialMarket={initialMarket} initialSymbol={initialSymbol} />
        {flow.loadFailed && <FailedLine onRetry={flow.retry}>{t('alerts.failed')}</FailedLine>}
        {flow.list ? (
          <AlertLists list={flow.list} pairs={app.pairs} cancelling={flow.cancelling} canCancel={flow.canCancel} onCancel={flow.cancel} />
        ) : (
          flow.loading && <Muted>{t('common.loading')}</Muted>
        )}
      </Body>
    </Panel>
  );
}
