import type { SpotOrder, SpotOrderDetail, SpotStop } from '../../../../../domain/spotOrders';
import type { Page } from '../../../../../domain/wallet';

/** Example orders for the machines' models (and their tests): an open limit buy and its fills. */
export const OPEN_ORDER: SpotOrder = {
  id: 41,
  symbol: 'BTC_USDT',
  side: 'buy',
  type: 'limit',
  price: '20000',
  quantity: '0.01',
  amount: '200',
  filled: '0',
  avg_price: '0',
  turnover: '0',
  fee: '0',
  fee_currency: 'BTC',
  status: 1,
  time_in_force: 'GTC',
  created_at: 1_760_000_000_000,
  updated_at: 1_760_000_000_000,
};

export const PARTIAL_ORDER: SpotOrder = { ...OPEN_ORDER, filled: '0.004', avg_price: '20000', turnover: '80', fee: '0.000004', status: 2, updated_at: OPEN_ORDER.updated_at + 1000 };
export const FILLED_ORDER: SpotOrder = { ...OPEN_ORDER, filled: '0.01', avg_price: '20000', turnover: '200', fee: '0.00001', status: 3, updated_at: OPEN_ORDER.updated_at + 2000 };
export const OTHER_PAIR_ORDER: SpotOrder = { ...OPEN_ORDER, id: 42, symbol: 'ETH_USDT' };

export const pageOf = (list: SpotOrder[], page = 1, total = list.length): Page<SpotOrder> => ({ list, total, page, size: 10 });

export const ORDER_DETAIL: SpotOrderDetail = {
  ...FILLED_ORDER,
  deals: [{ id: 9, time: FILLED_ORDER.updated_at, price: '20000', quantity: '0.01', fee: '0.00001', role: 'maker' }],
};

/** A waiting OCO sell: its stop at 19000 (limit 18990), its take-profit leg order 43 at 21000. */
export const WAITING_STOP: SpotStop = {
  id: 7,
  symbol: 'BTC_USDT',
  side: 'sell',
  trigger_price: '19000',
  price: '18990',
  quantity: '0.01',
  frozen: '0',
  status: 1,
  oco_order_id: 43,
  order_id: null,
  created_at: 1_760_000_000_000,
  updated_at: 1_760_000_000_000,
};
export const TRIGGERED_STOP: SpotStop = { ...WAITING_STOP, id: 8, oco_order_id: null, status: 2, order_id: 44, updated_at: WAITING_STOP.updated_at + 1000 };
export const stopPageOf = (list: SpotStop[], page = 1, total = list.length): Page<SpotStop> => ({ list, total, page, size: 10 });
