import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';
import { priceAlertsMachine } from './priceAlerts.machine';
import { ACTIVE_ALERT, ALERT_LIST_FIXTURE, NEW_ALERT } from './priceAlerts.fixtures';

// A futures one: the market rides along with the request (spot, when absent, is the scenarios' case).
const alert = { market: 'futures' as const, symbol: 'BTC_USDT', condition: 'below' as const, price: '60000' };

export const priceAlertsModel = machineModel(priceAlertsMachine, [{ name: 'price alerts' }], [
  ...actorAnswers('fetchAlerts', ALERT_LIST_FIXTURE),
  { type: 'alerts.retry' },
  { type: 'alerts.pushed' },
  // Sendable, then refused here: too many places for a pair priced in cents, and no pair.
  { type: 'alerts.create', alert, places: 2 },
  { type: 'alerts.create', alert: { ...alert, price: '60000.123' }, places: 2 },
  { type: 'alerts.edit' },
  ...actorAnswers('createAlert', NEW_ALERT, { kind: 'server', serverMessage: 'The price is already there' }),
  // One the page shows, and one it does not (nothing is sent).
  ...typedValues('alerts.cancel', [ACTIVE_ALERT.id, 999], 'id'),
  ...actorAnswers('cancelAlert', ACTIVE_ALERT, { kind: 'server', serverMessage: 'This alert is no longer active' }),
], (s) => [s.context.list === undefined ? '?' : s.context.list.active.length, s.context.refusal !== undefined, s.context.stale]);
