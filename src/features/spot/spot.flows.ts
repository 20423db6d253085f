import { confirmActing } from '../../app/machines/confirmAct/confirmAct.machine';
import type { Services } from '../../app/services';
import { statementExport } from '../../app/actors/statementExport';
import { STATEMENT_PATHS } from '../../../domain/statements';
import { assign, fromCallback, type EventObject } from 'xstate';
import { createUserUpdatesActor } from '../../app/actors/userStream.actor';
import { pagedList } from '../../app/machines/pagedList/pagedList.typed';
import type { SpotStop } from '../../../domain/spotOrders';
import type { OrderHistoryFilter } from './machines/orders/orderHistory.machine';
import { createHistoryUpdatesActor, createSpotActors } from './actors/spot.actors';
import { orderFormMachine } from './machines/orderForm/orderForm.machine';
import { openOrdersMachine } from './machines/orders/openOrders.machine';
import { openStopsMachine } from './machines/orders/openStops.machine';
import { orderDetailMachine } from './machines/orders/orderDetail.machine';
import { orderHistoryMachine } from './machines/orders/orderHistory.machine';

/** Spot trading: its machines with their effects, supplied from the shared services (loaded with its pages; see defineFeature's `load`). */
export const provide = ({ api, userStream, showToast, newKey }: Services) => {
  const actors = createSpotActors(api);
  const userUpdates = createUserUpdatesActor(userStream);
  // A stop placed or cancelled moves funds the server does not push: the form and the stops list tell each other.
  const stopListeners = new Set<() => void>();
  const stopSignals = fromCallback<EventObject>(({ sendBack }) => {
    const listener = () => sendBack({ type: 'stops.changed' });
    stopListeners.add(listener);
    return () => void stopListeners.delete(listener);
  });
  const announceStops = () => stopListeners.forEach((listener) => listener());
  return {
    orderForm: orderFormMachine.provide({
      actors: { fetchOrderAccount: actors.fetchOrderAccount, placeOrder: actors.placeOrder, placeStop: actors.placeStop, userUpdates, stopSignals },
      actions: { showToast, announceStops, mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? newKey() }) },
    }),
    openOrders: openOrdersMachine.provide({ actors: { fetchCurrentOrders: actors.fetchCurrentOrders, cancelOrder: confirmActing(actors.cancelOrder, showToast), userUpdates }, actions: { showToast } }),
    openStops: openStopsMachine.provide({ actors: { fetchCurrentStops: actors.fetchCurrentStops, cancelStop: confirmActing(actors.cancelStop, showToast), userUpdates, stopSignals }, actions: { showToast, announceStops } }),
    orderHistory: orderHistoryMachine.provide({ actors: { loadPage: actors.fetchOrderHistory, pushes: createHistoryUpdatesActor(userStream) }, actions: { showToast } }),
    // Stops that are over (issue 50 M11): read when the page opens or its filter changes.
    stopHistory: pagedList<OrderHistoryFilter, SpotStop>(actors.fetchStopHistory, { showToast }),
    orderDetail: orderDetailMachine.provide({ actors: { fetchOrderDetail: actors.fetchOrderDetail, userUpdates }, actions: { showToast } }),
    // The user's fills as a CSV file (docs/API.md "Statements"), from the history page.
    fillsStatement: statementExport(STATEMENT_PATHS.spotFills, { api, showToast }),
  };
};
