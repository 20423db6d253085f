import { pagedListMachine } from './pagedList.machine';
import { actorAnswers, machineModel, typedValues } from '../modelEvents';

/**
 * The shared list over inputs its products give it (their filters are plain data here, so the app
 * imports no product): a filter of several fields, and a polled list of one currency.
 */
export const pagedListModel = machineModel(
  pagedListMachine,
  [
    { name: 'fiat orders: tab and days', input: { filter: { source: { kind: 'orders' }, tab: 'all', days: 30 } } },
    { name: 'deposits of one currency, polling', input: { filter: { days: 7, currency: 'USDT' }, pollMs: 3000 } },
  ],
  [
    ...actorAnswers('loadPage', { list: [{ id: 4 }], total: 23, extra: { account: 'spot' } }),
    { type: 'list.filter', filter: { days: 3 } },
    ...typedValues('list.page', [2, 9], 'page'),
    { type: 'list.row', row: { id: 5 } },
    // Something on the page changed on the server: while shown, or while the page is being read.
    { type: 'list.pushed' },
  ],
  (s) => [s.context.page, s.context.total > s.context.size, JSON.stringify(s.context.filter), s.context.pushedDuringRead],
);
