import { useTranslation } from 'react-i18next';
import type { Pair } from '../../../../domain/api';
import { MAX_ACTIVE_ALERTS, type AlertList, type PriceAlert } from '../../../../domain/alerts';
import { price } from '../../../../domain/figures';
import { Button } from '../../../app/ui/Button';
import { DataTable } from '../../../app/ui/DataTable';
import { DateTime } from '../../../app/ui/DateTime';
import { MARKET_KEYS, symbolOf } from './alertSchema';

const CONDITION_KEYS = { above: 'alerts.above', below: 'alerts.below' } as const;

/** A price at its pair's places (as the server sent it, for a pair the app no longer lists). */
function priceOf(pairs: readonly Pair[], alert: PriceAlert, value: string) {
  const pair = pairs.find((p) => symbolOf(p) === alert.symbol);
  return pair ? price(value, pair.price_precision) : value;
}

/** The active alerts, each with its Cancel, and the recently triggered ones with the price that crossed; each names its market. */
export function AlertLists(props: { list: AlertList; pairs: readonly Pair[]; cancelling: number | undefined; canCancel: boolean; onCancel: (id: number) => void }) {
  const { t } = useTranslation();
  const { list, pairs } = props;
  const pairColumn = { key: 'alerts.pair', render: (a: PriceAlert) => a.symbol.replace('_', '/') };
  const marketColumn = { key: 'alerts.market', render: (a: PriceAlert) => t(MARKET_KEYS[a.market]) };
  const conditionColumn = { key: 'alerts.condition', render: (a: PriceAlert) => t(CONDITION_KEYS[a.condition]) };
  return (
    <>
      <section aria-labelledby="alerts-active">
        <h2 id="alerts-active">{t('alerts.active', { shown: list.active.length, max: MAX_ACTIVE_ALERTS })}</h2>
        <DataTable<PriceAlert>
          label={t('alerts.activeTable')}
          rows={list.active}
          emptyKey="alerts.noActive"
          pinLast
          columns={[
            pairColumn,
            marketColumn,
            conditionColumn,
            { key: 'alerts.targetPrice', align: 'right', render: (a) => priceOf(pairs, a, a.price) },
            { key: 'alerts.createdAt', render: (a) => <DateTime at={a.created_ms} /> },
            {
              key: 'alerts.actions',
              align: 'right',
              render: (a) => (
                <Button type="button" $small $variant="ghost" disabled={!props.canCancel} aria-busy={props.cancelling === a.id} onClick={() => props.onCancel(a.id)}>
                  {props.cancelling === a.id ? t('alerts.cancelling') : t('alerts.cancel')}
                </Button>
              ),
            },
          ]}
        />
      </section>
      <section aria-labelledby="alerts-triggered">
        <h2 id="alerts-triggered">{t('alerts.triggered')}</h2>
        <DataTable<PriceAlert>
          label={t('alerts.triggered')}
          rows={list.triggered}
          emptyKey="alerts.noTriggered"
          columns={[
            pairColumn,
            marketColumn,
            conditionColumn,
            { key: 'alerts.targetPrice', align: 'right', render: (a) => priceOf(pairs, a, a.price) },
            { key: 'alerts.triggeredPrice', align: 'right', render: (a) => (a.triggered_price === null ? '—' : priceOf(pairs, a, a.triggered_price)) },
            { key: 'alerts.triggeredAt', render: (a) => (a.triggered_ms === null ? '—' : <DateTime at={a.triggered_ms} />) },
          ]}
        />
      </section>
    </>
  );
}
