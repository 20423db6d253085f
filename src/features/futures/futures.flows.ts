import { confirmActing } from '../../app/machines/confirmAct/confirmAct.machine';
import type { Services } from '../../app/services';
import { statementExport } from '../../app/actors/statementExport';
import { STATEMENT_PATHS } from '../../../domain/statements';
import { pagedListMachine } from '../../app/machines/pagedList/pagedList.machine';
import { selectHasSession } from '../../app/machines/session/session.selectors';
import { createFuturesActors, createFuturesUpdatesActor } from './actors/futures.actors';
import { closeDialogMachine, closeKeyMinter } from './machines/closeDialog/closeDialog.machine';
import { futuresDetailMachine } from './machines/futuresDetail/futuresDetail.machine';
import { futuresDeskMachine } from './machines/futuresDesk/futuresDesk.machine';
import { futuresOrderFormMachine, futuresOrderKeyMinter } from './machines/futuresOrderForm/futuresOrderForm.machine';
import { futuresRecordsMachine } from './machines/futuresRecords/futuresRecords.machine';
import { leverageDialogMachine } from './machines/leverageDialog/leverageDialog.machine';
import { tpslDialogMachine } from './machines/tpslDialog/tpslDialog.machine';
import { marginDialogMachine } from './machines/marginDialog/marginDialog.machine';

/** USDT-margined futures: its machines with their effects, supplied from the shared services (loaded with its pages; see defineFeature's `load`). */
export const provide = ({ api, userStream, showToast, newKey, shell }: Services) => {
  const actors = createFuturesActors(api, () => selectHasSession(shell.session.getSnapshot()));
  const futuresUpdates = createFuturesUpdatesActor(userStream);
  return {
    detail: futuresDetailMachine.provide({ actors: { fetchDetail: actors.fetchDetail, futuresUpdates }, actions: { showToast } }),
    records: futuresRecordsMachine.provide({
      actors: { list: pagedListMachine.provide({ actors: { loadPage: actors.fetchRecords }, actions: { showToast } }), cancelOrder: confirmActing(actors.cancelOrder, showToast), cancelPlan: confirmActing(actors.cancelPlan, showToast), futuresUpdates },
      actions: { showToast },
    }),
    desk: futuresDeskMachine.provide({ actors: { loadDesk: actors.loadDesk, cancelOrder: confirmActing(actors.cancelOrder, showToast), cancelPlan: confirmActing(actors.cancelPlan, showToast), futuresUpdates }, actions: { showToast } }),
    orderForm: futuresOrderFormMachine.provide({ actors: { placeOrder: actors.placeOrder }, actions: { showToast, mintIdempotencyKey: futuresOrderKeyMinter(newKey) } }),
    leverage: leverageDialogMachine.provide({ actors: { saveLeverage: actors.saveLeverage }, actions: { showToast } }),
    close: closeDialogMachine.provide({ actors: { closePosition: confirmActing(actors.closePosition, showToast) }, actions: { showToast, mintIdempotencyKey: closeKeyMinter(newKey) } }),
    tpsl: tpslDialogMachine.provide({ actors: { createPlans: actors.createPlans }, actions: { showToast } }),
    margin: marginDialogMachine.provide({ actors: { adjustMargin: actors.adjustMargin }, actions: { showToast } }),
    // The finished orders that traded as a CSV file (docs/API.md "Statements"), from /order/u-history.
    ordersStatement: statementExport(STATEMENT_PATHS.futuresOrders, { api, showToast }),
  };
};
