import type { MachineModel } from '../../../../app/machines/model.types';
import type { FuturesAccount, FuturesOrder } from '../../../../domain/futures/api';
import { futuresRecordsMachine } from './futuresRecords.machine';

const ORDER: FuturesOrder = {
  id: 7, symbol: 'BTC_USDT', action: 'open_long', type: 'limit', price: '60000', quantity: '0.5', filled: '0.5', avg_price: '60000', leverage: 10,
  margin_mode: 'isolated', fee: '15', profit: '0', status: 3, source: 'user', trigger_price: null, note: null, created_ms: 0, updated_ms: 0,
};
const ACCOUNT: FuturesAccount = {
  can_trade: true, equity: '11500', available: '6985', frozen: '0', margin: '3000', unrealised_pnl: '1500', margin_ratio: null,
  positions: [{
    symbol: 'BTC_USDT', side: 1, margin_mode: 'isolated', leverage: 10, quantity: '0.5', closable: '0.5', entry_price: '60000', mark_price: '63000', last_price: '63000',
    margin: '3000', unrealised_pnl: '1500', roe: '0.5', maintenance_margin: '126', margin_ratio: '0.028', liquidation_price: '54216.87', bankruptcy_price: '54000', realised: '0', max_removable_margin: '0',
  }],
};

export const futuresRecordsModel: MachineModel<typeof futuresRecordsMachine> = {
  machine: futuresRecordsMachine,
  variants: [
    { name: 'current orders', input: { mode: 'current' } },
    { name: 'history', input: { mode: 'history' } },
    { name: 'plans', input: { mode: 'plans' } },
    { name: 'positions', input: { mode: 'hold' } },
    { name: 'wallet', input: { mode: 'wallet' } },
  ],
  events: [
    { type: 'xstate.done.actor.fetchRecords', output: { orders: { list: [ORDER], total: 12, page: 1, size: 10 }, account: ACCOUNT } },
    { type: 'xstate.error.actor.fetchRecords', error: { kind: 'network' } },
    { type: 'records.days', days: 30 },
    { type: 'records.page', page: 2 },
    { type: 'futures.pushed' },
    { type: 'desk.refresh' },
    { type: 'records.cancelOrder', id: 7 },
    { type: 'records.cancelPlan', id: 3 },
    { type: 'records.confirm' },
    { type: 'records.dismiss' },
    { type: 'xstate.done.actor.cancelOrder', output: {} },
    { type: 'xstate.error.actor.cancelOrder', error: { kind: 'server', serverMessage: 'Unknown order' } },
    { type: 'xstate.done.actor.cancelPlan', output: {} },
    { type: 'xstate.error.actor.cancelPlan', error: { kind: 'server', serverMessage: 'Unknown plan' } },
  ],
  abstract: (s) => [s.context.page, s.context.days, s.context.cancel?.kind],
};
