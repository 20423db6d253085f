import type { FuturesAccount, FuturesConfig, FuturesOrder, FuturesPlaced, FuturesPlan, FuturesPosition } from '../../../../domain/futures/api';

/** Shared by the futures machines' models and tests: a BTC_USDT long at 10× isolated. */
export const POSITION: FuturesPosition = {
  symbol: 'BTC_USDT', side: 1, margin_mode: 'isolated', leverage: 10, quantity: '0.5', closable: '0.5', entry_price: '60000', mark_price: '63000', last_price: '63000',
  margin: '3000', unrealised_pnl: '1500', roe: '0.5', maintenance_margin: '126', margin_ratio: '0.028', liquidation_price: '54216.87', bankruptcy_price: '54000', realised: '0', max_removable_margin: '0',
};
export const ACCOUNT: FuturesAccount = {
  can_trade: true, equity: '11500', available: '6985', frozen: '0', margin: '3000', unrealised_pnl: '1500', margin_ratio: null, positions: [POSITION],
};
export const CONFIG: FuturesConfig = {
  symbol: 'BTC_USDT', price_precision: 2, amount_precision: 4, max_leverage: 125,
  brackets: [{ bracket: 1, floor: '0', cap: '50000', maxLeverage: 125, mmr: '0.004', maintenanceAmount: '0' }],
  fees: { maker: '0.0002', taker: '0.0005' }, index_price: '63000', mark_price: '63000', last_price: '63000', funding_rate: '0.0001',
  next_funding_ms: 1_763_712_000_000, funding_interval_ms: 28_800_000, leverage: 10, margin_mode: 'isolated',
};
export const OPEN_ORDER: FuturesOrder = {
  id: 7, symbol: 'BTC_USDT', action: 'open_long', type: 'limit', price: '60000', quantity: '0.5', filled: '0', avg_price: '0', leverage: 10,
  margin_mode: 'isolated', fee: '0', profit: '0', status: 1, source: 'user', trigger_price: null, note: null, created_ms: 0, updated_ms: 0,
};
export const PLAN: FuturesPlan = {
  id: 3, symbol: 'BTC_USDT', kind: 'take_profit', position_side: 1, trigger_by: 'roe', trigger_value: '50', exec_type: 'market', exec_price: null, quantity: null, status: 1, order_id: null, created_ms: 0,
};
export const PLACED: FuturesPlaced = { order: { ...OPEN_ORDER, type: 'market', status: 3, filled: '0.5' }, unfilled: '0' };
