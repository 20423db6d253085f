import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Muted, Panel, PanelBody, PanelHeader } from '../../../app/ui/Panel';
import type { SecondsContractActorRef } from '../machines/secondsContract/secondsContract.machine';
import { ContractCard } from './ContractCard';
import { Cards, Rule } from './secondsTrade.styles';

/**
 * The bought contracts' countdown and result cards, newest first, and how they settle. The cards
 * follow the seconds index (`indexPrice`, the page's `{pair}_sec_index_tick`): what the contracts
 * settle at, not the last trade (issue 50 S2: a card showed a loss while the index was winning).
 */
export function OpenContracts(props: { className: string; indexPrice: string | undefined; places: number; cards: SecondsContractActorRef[]; ended: SecondsContractActorRef[]; resumeFailed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Panel className={props.className} aria-label={t('seconds.openContracts')}>
      <PanelHeader>
        <h2>{t('seconds.openContracts')}</h2>
        <Link to="/order/sec-history" style={{ fontSize: 12 }}>
          {t('seconds.history')} →
        </Link>
      </PanelHeader>
      <PanelBody>
        {props.resumeFailed && (
          <Muted role="status" style={{ fontSize: 12 }}>
            {t('seconds.resumeFailed')} <Link to="/order/sec-current">{t('menu.order.current')}</Link>
          </Muted>
        )}
        {props.cards.length === 0 && !props.resumeFailed ? <Muted style={{ fontSize: 12 }}>{t('seconds.noCards')}</Muted> : null}
        <Cards data-testid="seconds-open-cards">
          {props.cards.map((ref) => (
            <ContractCard key={ref.id} ticketRef={ref} price={props.indexPrice} places={props.places} />
          ))}
        </Cards>
        {/* Settled contracts are results, not open contracts (issue 50 C7). */}
        {props.ended.length > 0 && (
          <section aria-label={t('seconds.latestResults')} data-testid="seconds-results">
            <h3 style={{ margin: '12px 0 6px', fontSize: 13 }}>{t('seconds.latestResults')}</h3>
            <Cards>
              {props.ended.map((ref) => (
                <ContractCard key={ref.id} ticketRef={ref} price={props.indexPrice} places={props.places} />
              ))}
            </Cards>
          </section>
        )}
        <SettleRule />
      </PanelBody>
    </Panel>
  );
}

/** How the settle price is made (docs/API.md): folded, so the panel stays short. */
function SettleRule() {
  const { t } = useTranslation();
  return (
    <Rule aria-label={t('seconds.settleRule.title')}>
      <Muted>{t('seconds.indexRule')}</Muted>
      <details>
        <summary>{t('seconds.settleRule.title')}</summary>
        <Muted as="div">
          <p>{t('seconds.settleRule.book')}</p>
          <p>{t('seconds.settleRule.band')}</p>
          <p>{t('seconds.settleRule.fallback')}</p>
          <p>{t('seconds.settleRule.limits')}</p>
        </Muted>
      </details>
    </Rule>
  );
}
