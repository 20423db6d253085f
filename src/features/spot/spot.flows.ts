import type { Services } from '../../app/services';
import { assign } from 'xstate';
import { createUserUpdatesActor } from '../../app/actors/userStream.actor';
import { createSpotActors } from './actors/spot.actors';
import { orderFormMachine } from './machines/orderForm/orderForm.machine';
import { openOrdersMachine } from './machines/orders/openOrders.machine';
import { openStopsMachine } from './machines/orders/openStops.machine';
import { orderDetailMachine } from './machines/orders/orderDetail.machine';
import { orderHistoryMachine } from './machines/orders/orderHistory.machine';

/** Spot trading: its machines with their effects, supplied from the shared services (loaded with its pages; see defineFeature's `load`). */
export const provide = ({ api, userStream, showToast, newKey }: Services) => {
  const actors = createSpotActors(api);
  const userUpdates = createUserUpdatesActor(userStream);
  return {
    orderForm: orderFormMachine.provide({
      actors: { fetchOrderAccount: actors.fetchOrderAccount, placeOrder: actors.placeOrder, placeStop: actors.placeStop, userUpdates },
      actions: { showToast, mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? newKey() }) },
    }),
    openOrders: openOrdersMachine.provide({ actors: { fetchCurrentOrders: actors.fetchCurrentOrders, cancelOrder: actors.cancelOrder, userUpdates }, actions: { showToast } }),
    openStops: openStopsMachine.provide({ actors: { fetchCurrentStops: actors.fetchCurrentStops, cancelStop: actors.cancelStop, userUpdates }, actions: { showToast } }),
    orderHistory: orderHistoryMachine.provide({ actors: { fetchOrderHistory: actors.fetchOrderHistory, userUpdates }, actions: { showToast } }),
    orderDetail: orderDetailMachine.provide({ actors: { fetchOrderDetail: actors.fetchOrderDetail, userUpdates }, actions: { showToast } }),
  };
};
