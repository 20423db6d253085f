import type { AlertList, PriceAlert } from '../../../../../domain/alerts';

const CREATED_MS = Date.UTC(2026, 10, 30, 9, 15);

/** An active alert of the fixture: BTC/USDT rising to 70,000. */
export const ACTIVE_ALERT: PriceAlert = { id: 11, market: 'spot', symbol: 'BTC_USDT', condition: 'above', price: '70000.00', status: 'active', created_ms: CREATED_MS, triggered_ms: null, triggered_price: null };

/** A triggered one: ETH/USDT fell to 3,000 and traded at 2,999.50. */
export const TRIGGERED_ALERT: PriceAlert = {
  id: 7,
  market: 'spot',
  symbol: 'ETH_USDT',
  condition: 'below',
  price: '3000.00',
  status: 'triggered',
  created_ms: CREATED_MS - 86_400_000,
  triggered_ms: CREATED_MS - 3_600_000,
  triggered_price: '2999.50',
};

/** The list the model and view tests read: one active alert, one triggered. */
export const ALERT_LIST_FIXTURE: AlertList = { active: [ACTIVE_ALERT], triggered: [TRIGGERED_ALERT] };

/** What create answers in the fixtures: the BTC/USDT contract falling to 60,000. */
export const NEW_ALERT: PriceAlert = { ...ACTIVE_ALERT, id: 12, market: 'futures', condition: 'below', price: '60000.00', created_ms: CREATED_MS + 60_000 };
