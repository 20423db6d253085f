import { assign } from 'xstate';
import { defineFeature, page } from '../../app/feature';
import { createUserUpdatesActor } from '../../app/actors/userStream.actor';
import { createSpotActors } from './actors/spot.actors';
import { orderFormMachine } from './machines/orderForm/orderForm.machine';
import { openOrdersMachine } from './machines/orders/openOrders.machine';
import { orderDetailMachine } from './machines/orders/orderDetail.machine';
import { orderHistoryMachine } from './machines/orders/orderHistory.machine';
import { SpotContext } from './spot.hooks';

/**
 * Spot trading: the order form and the order lists (kline page panels, /order/spot-*). The private
 * user channel's news (order and balance changes) reaches them through the user-stream hub.
 */
export const spotFeature = defineFeature({
  id: 'spot',
  context: SpotContext,
  routes: {
    order: [
      { path: 'spot-current', page: page(() => import('./views/orders/SpotCurrentPage'), 'SpotCurrentPage') },
      { path: 'spot-history', page: page(() => import('./views/orders/SpotHistoryPage'), 'SpotHistoryPage') },
      { path: 'spot-detail/:id', page: page(() => import('./views/orders/SpotDetailPage'), 'SpotDetailPage') },
    ],
  },
  provide: ({ api, userStream, showToast, newKey }) => {
    const actors = createSpotActors(api);
    const userUpdates = createUserUpdatesActor(userStream);
    return {
      orderForm: orderFormMachine.provide({
        actors: { fetchOrderAccount: actors.fetchOrderAccount, placeOrder: actors.placeOrder, userUpdates },
        actions: { showToast, mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? newKey() }) },
      }),
      openOrders: openOrdersMachine.provide({ actors: { fetchCurrentOrders: actors.fetchCurrentOrders, cancelOrder: actors.cancelOrder, userUpdates }, actions: { showToast } }),
      orderHistory: orderHistoryMachine.provide({ actors: { fetchOrderHistory: actors.fetchOrderHistory, userUpdates }, actions: { showToast } }),
      orderDetail: orderDetailMachine.provide({ actors: { fetchOrderDetail: actors.fetchOrderDetail, userUpdates }, actions: { showToast } }),
    };
  },
});
