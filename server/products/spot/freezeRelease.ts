import { SpotStopStatus } from '../../../domain/spotOrders.js';
import type { AccountFreezes } from '../../kernel/platform/accountFreeze/index.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import type { SpotTrading } from './trading.js';

/**
 * What a freeze releases on spot (issue 51 §3, kernel/platform/accountFreeze): the user's waiting stops
 * (an OCO's limit leg goes with its stop), then their open orders, each through the same cancel a
 * user's own request takes — the book's owner cancels it (in the cluster, the market's process)
 * and its frozen funds come back to the user's balance in the cancel's batch. A second look
 * catches an order a stop placed while the first pass ran. Cancelling is idempotent: an order that
 * finished meanwhile is simply skipped.
 */
export function registerSpotFreezeRelease(freezes: AccountFreezes | undefined, db: Queryable, trading: SpotTrading): void {
  freezes?.register({
    product: 'spot',
    async release(userId) {
      let stops = 0;
      let orders = 0;
      const waiting = await db.query<{ id: string }>('select id from spot_stop where user_id = $1 and status = $2 order by id', [userId, SpotStopStatus.waiting]);
      for (const stop of waiting) if ((await trading.stops?.cancel(userId, Number(stop.id)))?.ok) stops += 1;
      for (let pass = 0; pass < 2; pass++) {
        const open = await db.query<{ id: string }>('select id from spot_order where user_id = $1 and status in (1, 2) order by id', [userId]);
        for (const order of open) if ((await trading.cancel(userId, Number(order.id))).ok) orders += 1;
      }
      return { spot_orders: orders, spot_stops: stops };
    },
  });
}
